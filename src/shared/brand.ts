/** The brand, in one place: its name, the B2B route (`/{product}-companies`) and its contact points. */
export const BRAND = {
  name: "Rodamos",
  /** The `{product}` in the B2B route `/{product}-companies`. */
  product: "rodamos",
  companiesPath: "/rodamos-companies",
  /** The separate corporate site the B2B page links to, when the CORPORATE_SITE_URL setting does not name another. */
  corporateSiteUrl: "https://empresas.rodamos.co",
  email: "hola@rodamos.co",
  companiesEmail: "empresas@rodamos.co",
  social: {
    facebook: "https://www.facebook.com/rodamos",
    instagram: "https://www.instagram.com/rodamos",
    youtube: "https://www.youtube.com/@rodamos",
  },
  offices: {
    CO: "Calle 93 #11-26, Bogotá, Colombia",
    MX: "Av. Paseo de la Reforma 296, Ciudad de México, México",
  },
} as const;
