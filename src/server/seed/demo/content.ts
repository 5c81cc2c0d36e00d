/** Landing slides, community posts, partners, payment methods and discount codes of the demo shop. */
import { BRAND } from "../../../shared/brand";
import type { CountryCode } from "../../../shared/locales";
import type { PaymentCode } from "../../../shared/types/catalogue";
import type { Text } from "../text";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";

export interface SlideSeed {
  key: string;
  country: CountryCode;
  /** A site path without the country/locale prefix; pages add their own prefix. */
  url: string;
  /** Headline drawn on the image (in the country's language) and the alt text per language. */
  headline: string;
  alt: Text;
  art: { from: string; to: string };
}

export const SLIDES: SlideSeed[] = [
  {
    key: "co-eventos-masivos", country: "CO", url: "/massive-events", headline: "Del sofá al concierto y de vuelta",
    alt: {
      es: "Van de Rodamos frente a un escenario: traslados a conciertos y partidos",
      en: "A Rodamos van by a stage: transfers to concerts and matches",
      pt: "Van da Rodamos diante de um palco: traslados para shows e jogos",
      es_ES: "Furgoneta de Rodamos frente a un escenario: traslados a conciertos y partidos",
      es_MX: "Camioneta de Rodamos frente a un escenario: traslados a conciertos y partidos",
    },
    art: { from: "#c2410c", to: "#7c3aed" },
  },
  {
    key: "co-bodas", country: "CO", url: "/wedding", headline: "Tu boda, con todos los invitados a tiempo",
    alt: {
      es: "Invitados de una boda subiendo a una van decorada",
      en: "Wedding guests boarding a decorated van",
      pt: "Convidados de um casamento embarcando em uma van decorada",
      es_ES: "Invitados de una boda subiendo a una furgoneta decorada",
      es_MX: "Invitados de una boda subiendo a una camioneta decorada",
    },
    art: { from: "#db2777", to: "#fde68a" },
  },
  {
    key: "co-empresas", country: "CO", url: BRAND.companiesPath, headline: "Transporte para tu equipo: ahorra hasta 35%",
    alt: {
      es: "Rutas corporativas de Rodamos: ahorra hasta un 35% en transporte de personal",
      en: "Rodamos corporate routes: save up to 35% on staff transport",
      pt: "Rotas corporativas da Rodamos: economize até 35% no transporte de funcionários",
    },
    art: { from: "#0f766e", to: "#1e3a8a" },
  },
  {
    key: "co-alianzas", country: "CO", url: "/alliances", headline: "Escápate al Eje Cafetero sin manejar",
    alt: {
      es: "Paisaje cafetero con montañas: excursiones en alianza",
      en: "Coffee-growing landscape with mountains: partner day trips",
      pt: "Paisagem cafeeira com montanhas: excursões em parceria",
    },
    art: { from: "#65a30d", to: "#78350f" },
  },
  {
    key: "cl-festivales", country: "CL", url: "/massive-events", headline: "Festivales en Santiago y la costa",
    alt: { es: "Escenario de festival al atardecer en Santiago", en: "Festival stage at sunset in Santiago", pt: "Palco de festival ao pôr do sol em Santiago" },
    art: { from: "#1d4ed8", to: "#f43f5e" },
  },
  {
    key: "cl-nieve", country: "CL", url: "/alliances", headline: "La cordillera, sin manejar",
    alt: { es: "Montañas nevadas de la cordillera de los Andes", en: "Snowy peaks of the Andes", pt: "Montanhas nevadas da cordilheira dos Andes" },
    art: { from: "#0f172a", to: "#7dd3fc" },
  },
  {
    key: "es-festivales", country: "ES", url: "/massive-events", headline: "Vuelve del festival sin esperar al metro",
    alt: { es: "Público de un festival en Madrid", en: "Festival crowd in Madrid", pt: "Público de um festival em Madri", es_ES: "Público de un festival en Madrid" },
    art: { from: "#4c1d95", to: "#22d3ee" },
  },
  {
    key: "es-excursiones", country: "ES", url: "/alliances", headline: "Montserrat desde Barcelona",
    alt: { es: "Montañas de Montserrat", en: "Montserrat's mountains", pt: "Montanhas de Montserrat" },
    art: { from: "#57534e", to: "#fdba74" },
  },
  {
    key: "pe-eventos", country: "PE", url: "/massive-events", headline: "Del Monumental a tu casa",
    alt: { es: "Estadio iluminado en Lima", en: "Floodlit stadium in Lima", pt: "Estádio iluminado em Lima" },
    art: { from: "#7f1d1d", to: "#f97316" },
  },
  {
    key: "pe-sabores", country: "PE", url: "/alliances", headline: "Ruta de sabores limeños",
    alt: { es: "Platos de la cocina peruana", en: "Dishes of Peruvian cooking", pt: "Pratos da cozinha peruana" },
    art: { from: "#b45309", to: "#fde047" },
  },
  {
    key: "mx-autodromo", country: "MX", url: "/massive-events", headline: "Al autódromo sin tráfico en tu volante",
    alt: { es: "Autos de carreras en la recta del autódromo", en: "Race cars on the track's main straight", pt: "Carros de corrida na reta do autódromo", es_MX: "Autos de carreras en la recta del autódromo" },
    art: { from: "#dc2626", to: "#111827" },
  },
  {
    key: "mx-teotihuacan", country: "MX", url: "/alliances", headline: "Amanece frente a las pirámides",
    alt: { es: "Pirámide del Sol al amanecer", en: "Pyramid of the Sun at sunrise", pt: "Pirâmide do Sol ao amanhecer" },
    art: { from: "#7c2d12", to: "#fcd34d" },
  },
];

export interface PostSeed {
  country: CountryCode;
  user: string;
  avatar: string;
  message: string;
  tags: string[];
}

export const COMMUNITY_POSTS: PostSeed[] = [
  {
    country: "CO", user: "Laura Gómez", avatar: "laura-gomez",
    message:
      "Fuimos al clásico en El Campín y a la salida la van ya nos estaba esperando en el punto acordado. Cero estrés con el regreso, llegamos a casa en Suba antes de medianoche. ¡Repetimos seguro!",
    tags: ["futbol", "bogota", "sinestres"],
  },
  {
    country: "CO", user: "Andrés Felipe Restrepo", avatar: "andres-restrepo",
    message: "La mejor forma de ir a Guatapé: puntuales, van limpia y un conductor que sabía todo de la región.",
    tags: ["guatape", "antioquia"],
  },
  {
    country: "CO", user: "Valentina Ríos", avatar: "valentina-rios",
    message:
      "Contratamos Rodamos para los invitados de nuestra boda en Chía y fue un acierto: nadie tuvo que manejar, todos llegaron a tiempo a la ceremonia y el regreso fue organizado por barrios. Gracias al equipo por la paciencia con la lista de invitados.",
    tags: ["boda", "chia", "invitados"],
  },
  {
    country: "CO", user: "Camilo Herrera", avatar: "camilo-herrera",
    message: "Festival completo sin pensar en parqueadero ni en la lluvia a la salida. El código QR funcionó perfecto.",
    tags: ["festival", "rockalparque"],
  },
  {
    country: "CO", user: "Daniela Montoya", avatar: "daniela-montoya",
    message:
      "Viajamos en grupo de cuatro desde Envigado a la Feria de las Flores. Nos recogieron en dos direcciones distintas y el precio por persona salió más barato que un taxi. Muy recomendados para ir con amigos.",
    tags: ["feriadelasflores", "medellin", "amigos"],
  },
  {
    country: "CO", user: "Jorge Iván Castillo", avatar: "jorge-castillo",
    message: "En Barranquilla el carnaval se goza más cuando sabes que tienes cómo volver. ¡Quien lo vive es quien lo goza!",
    tags: ["carnaval", "barranquilla"],
  },
  {
    country: "CO", user: "María José Pardo", avatar: "maria-pardo",
    message:
      "Fuimos a la Catedral de Sal con mis papás un martes. Elegir la fecha que nos servía fue lo mejor, y la parada en el parque principal de Zipaquirá para almorzar estuvo incluida.",
    tags: ["zipaquira", "familia"],
  },
  {
    country: "CO", user: "Sebastián Quintero", avatar: "sebastian-quintero",
    message: "Salsódromo, Feria de Cali y regreso a Jamundí sin problema. ¡Volveré a reservar!",
    tags: ["feriadecali", "salsa"],
  },
  {
    country: "CL", user: "Catalina Fuentes", avatar: "catalina-fuentes",
    message:
      "Fuimos al Festival de Viña desde Santiago y volvimos de madrugada sin manejar por la ruta 68. La van salió puntual desde Providencia y el conductor fue súper amable con todo el grupo.",
    tags: ["vina", "festival"],
  },
  {
    country: "CL", user: "Matías Soto", avatar: "matias-soto",
    message: "Subir a Valle Nevado sin cadenas ni curvas al volante: impagable.",
    tags: ["nieve", "vallenevado"],
  },
  {
    country: "CL", user: "Javiera Muñoz", avatar: "javiera-munoz",
    message: "El superclásico con amigos y la vuelta resuelta. Muy recomendable.",
    tags: ["futbol", "santiago"],
  },
  {
    country: "ES", user: "Lucía Martín", avatar: "lucia-martin",
    message:
      "Volver de un festival en Valdebebas a las tres de la mañana siempre era un drama. Este año reservamos furgoneta compartida desde Getafe y llegamos a casa en media hora. Repetiremos seguro.",
    tags: ["festival", "madrid"],
  },
  {
    country: "ES", user: "Pablo Ruiz", avatar: "pablo-ruiz",
    message: "Excursión a Montserrat cómoda y puntual. El monasterio, espectacular.",
    tags: ["montserrat", "barcelona"],
  },
  {
    country: "ES", user: "Marta Sánchez", avatar: "marta-sanchez",
    message: "Derbi en el Metropolitano y vuelta sin colas. ¡Así da gusto!",
    tags: ["derbi", "futbol"],
  },
  {
    country: "PE", user: "Rodrigo Salazar", avatar: "rodrigo-salazar",
    message:
      "Fuimos al clásico en el Monumental desde Miraflores. Nos dejaron en la puerta y a la salida la van nos esperaba en el punto acordado, sin pelear por un taxi en la avenida Javier Prado.",
    tags: ["clasico", "lima"],
  },
  {
    country: "PE", user: "Ana Lucía Vargas", avatar: "ana-vargas",
    message: "La feria gastronómica con la familia y sin buscar estacionamiento. ¡Buenazo!",
    tags: ["gastronomia", "lima"],
  },
  {
    country: "PE", user: "Diego Paredes", avatar: "diego-paredes",
    message: "Concierto en el Nacional y de vuelta a Surco sin complicaciones.",
    tags: ["concierto"],
  },
  {
    country: "MX", user: "Fernanda López", avatar: "fernanda-lopez",
    message:
      "Fuimos al Gran Premio desde Naucalpan y fue la primera vez que no sufrimos con el tráfico ni con el estacionamiento. La camioneta nos dejó cerca de la puerta y nos recogió al terminar la carrera.",
    tags: ["granpremio", "cdmx"],
  },
  {
    country: "MX", user: "Emiliano Cruz", avatar: "emiliano-cruz",
    message: "Ver el amanecer en Teotihuacán sin manejar de madrugada: lo mejor del viaje.",
    tags: ["teotihuacan", "amanecer"],
  },
  {
    country: "MX", user: "Regina Torres", avatar: "regina-torres",
    message: "El Clásico Nacional con mis hermanos y regreso seguro a Coyoacán. ¡Qué chido!",
    tags: ["futbol", "azteca"],
  },
];

export interface PartnerSeed {
  key: string;
  name: string;
  url: string | null;
  art: { color: string; accent: string; shape: "circle" | "square" | "triangle" | "drop" };
}

/** Fictitious partners: brands of the demo shop, not real companies. */
export const PARTNERS: PartnerSeed[] = [
  { key: "andina-seguros", name: "Andina Seguros", url: null, art: { color: "#1d4ed8", accent: "#22c55e", shape: "square" } },
  { key: "cafe-cordillera", name: "Café Cordillera", url: null, art: { color: "#78350f", accent: "#65a30d", shape: "drop" } },
  { key: "movilidad-verde", name: "Movilidad Verde", url: null, art: { color: "#15803d", accent: "#a3e635", shape: "circle" } },
  { key: "tiquetera-nacional", name: "Tiquetera Nacional", url: null, art: { color: "#7c3aed", accent: "#f97316", shape: "triangle" } },
  { key: "hoteles-caribe", name: "Hoteles Caribe", url: null, art: { color: "#0e7490", accent: "#fcd34d", shape: "circle" } },
  { key: "radio-ritmo", name: "Radio Ritmo 98.5", url: null, art: { color: "#be123c", accent: "#fb923c", shape: "square" } },
  { key: "banco-horizonte", name: "Banco Horizonte", url: null, art: { color: "#0f172a", accent: "#38bdf8", shape: "triangle" } },
  { key: "cerveceria-montana", name: "Cervecería Montaña", url: null, art: { color: "#92400e", accent: "#facc15", shape: "drop" } },
];

/** Payment methods offered per country, in the order the wizard lists them (the first is preselected). */
export const PAYMENT_METHODS: Record<CountryCode, PaymentCode[]> = {
  // Webpay Plus settles Chilean pesos only (src/server/payments/currencies.ts).
  CO: [PAYMENT_CODE.mercadopago, PAYMENT_CODE.transferencia],
  CL: [PAYMENT_CODE.webpay, PAYMENT_CODE.transferencia],
  ES: [PAYMENT_CODE.transferencia],
  PE: [PAYMENT_CODE.mercadopago, PAYMENT_CODE.transferencia],
  MX: [PAYMENT_CODE.mercadopago, PAYMENT_CODE.transferencia],
};

export interface DiscountSeed {
  code: string;
  event: string;
  /** Fraction off. */
  variation: number;
  validFromDay?: number;
  validUntilDay?: number;
  usageLimit?: number;
}

export const DISCOUNTS: DiscountSeed[] = [
  { code: "RODAMOS10", event: "festival-sonidos-de-la-sabana", variation: 0.1 },
  { code: "AMIGOS15", event: "clasico-capitalino-millonarios-santa-fe", variation: 0.15, validUntilDay: 30, usageLimit: 100 },
  { code: "FLORES20", event: "feria-de-las-flores-desfile-de-silleteros", variation: 0.2, usageLimit: 1 },
  /** Expired on purpose, so the discount form's refusal can be seen. */
  { code: "VENCIDO25", event: "rock-al-parque", variation: 0.25, validFromDay: -30, validUntilDay: -1 },
];
