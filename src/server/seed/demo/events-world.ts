/** The smaller catalogues of Chile, Spain, Peru and Mexico (prices in each country's minor units). */
import { same } from "../text";
import type { EventSeed } from "./types";

const SANTIAGO = { "Región Metropolitana de Santiago": 1 };
const MADRID = { Madrid: 1 };
const BARCELONA = { Barcelona: 1 };
const LIMA = { Lima: 1, Callao: 1.15 };
const CDMX = { "Ciudad de México": 1, "Estado de México": 1.35 };

export const WORLD_EVENTS: EventSeed[] = [
  /* ---------- Chile (CLP) ---------- */
  {
    slug: "festival-parque-ohiggins",
    country: "CL", type: 1, venue: "parqueOhiggins", recommended: true,
    name: { es: "Festival del Parque O'Higgins", en: "O'Higgins Park Festival", pt: "Festival do Parque O'Higgins" },
    blurb: {
      es: "Dos días de música en el parque más grande de Santiago: elige tu día.",
      en: "Two days of music in Santiago's largest park: pick your day.",
      pt: "Dois dias de música no maior parque de Santiago: escolha o seu dia.",
    },
    when: { periodicity: 3, days: [29, 30], time: "13:00", hours: 10 },
    offer: { categories: ["shared", "private"], base: 14000, provinces: SANTIAGO },
    art: { from: "#1d4ed8", to: "#f43f5e", motif: "stage" },
  },
  {
    slug: "superclasico-colo-colo-universidad-de-chile",
    country: "CL", type: 1, venue: "monumentalCL",
    name: { es: "Superclásico: Colo-Colo vs. Universidad de Chile", en: "Superclásico: Colo-Colo vs. Universidad de Chile", pt: "Superclássico: Colo-Colo x Universidad de Chile" },
    blurb: {
      es: "El partido más grande del fútbol chileno en el Monumental.",
      en: "The biggest match in Chilean football, at the Monumental.",
      pt: "O maior jogo do futebol chileno, no Monumental.",
    },
    when: { periodicity: 1, day: 15, time: "17:30", hours: 3 },
    offer: { categories: ["shared"], base: 12000, provinces: SANTIAGO },
    art: { from: "#111827", to: "#2563eb", motif: "ball" },
  },
  {
    slug: "festival-de-vina-quinta-vergara",
    country: "CL", type: 1, venue: "quintaVergara", recommended: true,
    name: { es: "Festival de Viña del Mar", en: "Viña del Mar Festival", pt: "Festival de Viña del Mar" },
    blurb: {
      es: "Las noches de la Quinta Vergara, con traslado desde Santiago o la costa.",
      en: "The nights of Quinta Vergara, with transfers from Santiago or the coast.",
      pt: "As noites da Quinta Vergara, com traslado de Santiago ou do litoral.",
    },
    when: { periodicity: 3, days: [44, 45, 46, 47], time: "21:00", hours: 4 },
    offer: { categories: ["shared", "private"], base: 16000, provinces: { "Región de Valparaíso": 1, "Región Metropolitana de Santiago": 1.6 } },
    art: { from: "#0c4a6e", to: "#f59e0b", motif: "wave" },
  },
  {
    slug: "valle-nevado-dia-de-nieve",
    country: "CL", type: 3, venue: "valleNevado",
    name: { es: "Día de nieve en Valle Nevado", en: "Snow day at Valle Nevado", pt: "Dia de neve em Valle Nevado" },
    blurb: {
      es: "Sube a la cordillera el día que quieras de la temporada, sin cadenas ni curvas al volante.",
      en: "Go up to the Andes any day of the season, with no chains or hairpins to drive.",
      pt: "Suba a cordilheira no dia que quiser da temporada, sem correntes nem curvas ao volante.",
    },
    when: { periodicity: 2, fromDay: 7, toDay: 60, time: "07:30", hours: 10 },
    offer: { categories: ["shared", "private"], base: 22000, provinces: SANTIAGO },
    art: { from: "#0f172a", to: "#e0f2fe", motif: "mountain" },
  },

  /* ---------- Spain (EUR cents) ---------- */
  {
    slug: "festival-valdebebas-sound",
    country: "ES", type: 1, venue: "ifema", recommended: true,
    name: same("Valdebebas Sound Festival"),
    blurb: {
      es: "Tres días de festival junto a IFEMA: elige tu jornada.",
      en: "Three festival days next to IFEMA: pick your day.",
      pt: "Três dias de festival ao lado do IFEMA: escolha o seu dia.",
      es_ES: "Tres días de festival junto a IFEMA: elige tu jornada y olvídate del metro de vuelta.",
    },
    when: { periodicity: 3, days: [36, 37, 38], time: "17:00", hours: 10 },
    offer: { categories: ["shared", "private"], base: 2500, provinces: MADRID },
    art: { from: "#4c1d95", to: "#22d3ee", motif: "stage" },
  },
  {
    slug: "derbi-madrileno-metropolitano",
    country: "ES", type: 1, venue: "metropolitanoMadrid",
    name: { es: "Derbi madrileño", en: "Madrid derby", pt: "Clássico de Madri" },
    blurb: {
      es: "Atlético contra Real Madrid en el Metropolitano.",
      en: "Atlético against Real Madrid at the Metropolitano.",
      pt: "Atlético contra Real Madrid no Metropolitano.",
    },
    when: { periodicity: 1, day: 18, time: "21:00", hours: 3 },
    offer: { categories: ["shared"], base: 1800, provinces: MADRID },
    art: { from: "#b91c1c", to: "#f8fafc", motif: "ball" },
  },
  {
    slug: "festival-forum-barcelona",
    country: "ES", type: 1, venue: "parcDelForum",
    name: same("Fòrum Music Festival"),
    blurb: {
      es: "Música frente al mar en el Parc del Fòrum: elige el día.",
      en: "Music by the sea at Parc del Fòrum: pick the day.",
      pt: "Música à beira-mar no Parc del Fòrum: escolha o dia.",
    },
    when: { periodicity: 3, days: [50, 51], time: "18:00", hours: 9 },
    offer: { categories: ["shared", "private"], base: 2200, provinces: BARCELONA },
    art: { from: "#0284c7", to: "#fb7185", motif: "wave" },
  },
  {
    slug: "excursion-montserrat",
    country: "ES", type: 3, venue: "montserrat",
    name: { es: "Excursión a Montserrat", en: "Montserrat day trip", pt: "Excursão a Montserrat" },
    blurb: {
      es: "El monasterio y la montaña de Montserrat desde Barcelona, el día que elijas.",
      en: "Montserrat's monastery and mountain from Barcelona, on the day you choose.",
      pt: "O mosteiro e a montanha de Montserrat a partir de Barcelona, no dia que escolher.",
    },
    when: { periodicity: 2, fromDay: 4, toDay: 45, time: "08:30", hours: 9 },
    offer: { categories: ["shared", "private"], base: 3500, provinces: BARCELONA },
    art: { from: "#57534e", to: "#fdba74", motif: "mountain" },
  },

  /* ---------- Peru (PEN céntimos) ---------- */
  {
    slug: "clasico-universitario-alianza-lima",
    country: "PE", type: 1, venue: "monumentalLima", recommended: true,
    name: { es: "Clásico: Universitario vs. Alianza Lima", en: "Derby: Universitario vs. Alianza Lima", pt: "Clássico: Universitario x Alianza Lima" },
    blurb: {
      es: "El clásico del fútbol peruano en el Monumental de Ate.",
      en: "Peruvian football's big derby at the Monumental in Ate.",
      pt: "O clássico do futebol peruano no Monumental de Ate.",
    },
    when: { periodicity: 1, day: 20, time: "20:00", hours: 3 },
    offer: { categories: ["shared"], base: 4500, provinces: LIMA },
    art: { from: "#7f1d1d", to: "#fef3c7", motif: "ball" },
  },
  {
    slug: "concierto-estadio-nacional-lima",
    country: "PE", type: 1, venue: "estadioNacionalLima",
    name: { es: "Gran concierto de rock en el Estadio Nacional", en: "Big rock concert at the National Stadium", pt: "Grande show de rock no Estádio Nacional" },
    blurb: {
      es: "Una noche de rock latino en el corazón de Lima.",
      en: "A night of Latin rock in the heart of Lima.",
      pt: "Uma noite de rock latino no coração de Lima.",
    },
    when: { periodicity: 1, day: 32, time: "20:30", hours: 4 },
    offer: { categories: ["shared", "private"], base: 5000, provinces: LIMA },
    art: { from: "#111827", to: "#f97316", motif: "stage" },
  },
  {
    slug: "feria-gastronomica-de-lima",
    country: "PE", type: 3, venue: "parqueExposicion",
    name: { es: "Feria gastronómica de Lima", en: "Lima food fair", pt: "Feira gastronômica de Lima" },
    blurb: {
      es: "Cebiche, anticuchos y cocina nikkei: ve el día que quieras de la feria.",
      en: "Ceviche, anticuchos and Nikkei cooking: go any day of the fair.",
      pt: "Ceviche, anticuchos e cozinha nikkei: vá no dia que quiser da feira.",
    },
    when: { periodicity: 2, fromDay: 10, toDay: 20, time: "11:00", hours: 8 },
    offer: { categories: ["shared"], base: 3500, provinces: LIMA },
    art: { from: "#b45309", to: "#fde047", motif: "flower" },
  },

  /* ---------- Mexico (MXN centavos) ---------- */
  {
    slug: "gran-premio-autodromo-hermanos-rodriguez",
    country: "MX", type: 1, venue: "autodromoMX", recommended: true,
    name: { es: "Gran Premio en el Autódromo Hermanos Rodríguez", en: "Grand Prix at Autódromo Hermanos Rodríguez", pt: "Grande Prêmio no Autódromo Hermanos Rodríguez" },
    blurb: {
      es: "Prácticas, clasificación o carrera: elige tu día en el autódromo.",
      en: "Practice, qualifying or race: pick your day at the track.",
      pt: "Treinos, classificação ou corrida: escolha o seu dia no autódromo.",
    },
    when: { periodicity: 3, days: [40, 41, 42], time: "10:00", hours: 8 },
    offer: { categories: ["shared", "private"], base: 45000, provinces: CDMX },
    art: { from: "#dc2626", to: "#111827", motif: "race" },
  },
  {
    slug: "clasico-nacional-america-chivas",
    country: "MX", type: 1, venue: "estadioAzteca",
    name: { es: "Clásico Nacional: América vs. Chivas", en: "Clásico Nacional: América vs. Chivas", pt: "Clássico Nacional: América x Chivas" },
    blurb: {
      es: "El partido más visto de México en el Estadio Azteca.",
      en: "Mexico's most watched match at Estadio Azteca.",
      pt: "O jogo mais assistido do México no Estádio Azteca.",
    },
    when: { periodicity: 1, day: 23, time: "19:00", hours: 3 },
    offer: { categories: ["shared"], base: 35000, provinces: CDMX },
    art: { from: "#facc15", to: "#1e40af", motif: "ball" },
  },
  {
    slug: "concierto-palacio-de-los-deportes",
    country: "MX", type: 1, venue: "palacioDeportes",
    name: { es: "Noche de mariachi sinfónico", en: "Symphonic mariachi night", pt: "Noite de mariachi sinfônico" },
    blurb: {
      es: "Mariachi y orquesta sinfónica bajo la cúpula del Palacio de los Deportes.",
      en: "Mariachi and symphony orchestra under the Palacio de los Deportes dome.",
      pt: "Mariachi e orquestra sinfônica sob a cúpula do Palacio de los Deportes.",
    },
    when: { periodicity: 1, day: 30, time: "20:30", hours: 4 },
    offer: { categories: ["shared", "private"], base: 38000, provinces: CDMX },
    art: { from: "#065f46", to: "#f43f5e", motif: "stage" },
  },
  {
    slug: "amanecer-en-teotihuacan",
    country: "MX", type: 3, venue: "teotihuacan",
    name: { es: "Amanecer en Teotihuacán", en: "Sunrise at Teotihuacan", pt: "Amanhecer em Teotihuacan" },
    blurb: {
      es: "Las pirámides del Sol y de la Luna al amanecer, el día que tú elijas.",
      en: "The Pyramids of the Sun and the Moon at sunrise, on the day you choose.",
      pt: "As pirâmides do Sol e da Lua ao amanhecer, no dia que você escolher.",
    },
    when: { periodicity: 2, fromDay: 5, toDay: 50, time: "05:30", hours: 8 },
    offer: { categories: ["shared", "private"], base: 55000, provinces: CDMX },
    art: { from: "#7c2d12", to: "#fcd34d", motif: "mountain" },
  },
];
