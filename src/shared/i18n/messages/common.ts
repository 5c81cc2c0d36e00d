import { defineMessages } from "../define";

/** Texts shared by every page: brand, navigation, footer, generic buttons. */
export const commonMessages = defineMessages({
  es_CO: {
    "brand.tagline": "Te llevamos al evento y te traemos de vuelta a casa",
    "common.loading": "Cargando…",
    "common.back_to_main": "Volver al inicio",
  },
  es_MX: {
    "brand.tagline": "Te llevamos al evento y te traemos de regreso a casa",
  },
  en_US: {
    "brand.tagline": "We take you to the event and bring you back home",
    "common.loading": "Loading…",
    "common.back_to_main": "Back to home",
  },
  pt_BR: {
    "brand.tagline": "Levamos você ao evento e trazemos de volta para casa",
    "common.loading": "Carregando…",
    "common.back_to_main": "Voltar ao início",
  },
});
