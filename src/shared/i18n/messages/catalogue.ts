import { defineMessages } from "../define";

/** Texts the catalogue API answers with (the message-only event view). */
export const catalogueMessages = defineMessages({
  es_CO: {
    "catalogue.private_event_login": "Este evento es privado: inicia sesión con la cuenta invitada para reservar",
    "catalogue.private_event_not_invited": "Este evento es privado y tu cuenta no está en la lista de invitados",
  },
  en_US: {
    "catalogue.private_event_login": "This event is private: sign in with the invited account to book",
    "catalogue.private_event_not_invited": "This event is private and your account is not on the guest list",
  },
  pt_BR: {
    "catalogue.private_event_login": "Este evento é privado: entre com a conta convidada para reservar",
    "catalogue.private_event_not_invited": "Este evento é privado e sua conta não está na lista de convidados",
  },
});
