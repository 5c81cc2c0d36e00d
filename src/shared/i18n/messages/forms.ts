import { defineMessages } from "../define";

/** Form field messages shared by the public forms. */
export const formMessages = defineMessages({
  es_CO: {
    "form.required": "Campo requerido",
    "form.email_invalid": "Email inválido",
    "form.phone_invalid": "Teléfono inválido",
    "form.date_required": "Fecha requierida",
    "form.date_invalid": "Fecha inválida",
    "form.date_past": "La fecha no puede estar en el pasado",
    "form.too_long": "El texto es demasiado largo",
  },
  es_CL: {
    "form.date_required": "Fecha requerida",
  },
  es_ES: {
    "form.required": "Campo obligatorio",
    "form.email_invalid": "Email no válido",
    "form.phone_invalid": "Teléfono no válido",
    "form.date_required": "Fecha obligatoria",
    "form.date_invalid": "Fecha no válida",
    "form.date_past": "La fecha no puede ser anterior a hoy",
  },
  es_MX: {
    "form.date_required": "Fecha requerida",
  },
  en_US: {
    "form.required": "Required field",
    "form.email_invalid": "Invalid email",
    "form.phone_invalid": "Invalid phone number",
    "form.date_required": "Date required",
    "form.date_invalid": "Invalid date",
    "form.date_past": "The date cannot be in the past",
    "form.too_long": "The text is too long",
  },
  pt_BR: {
    "form.required": "Campo obrigatório",
    "form.email_invalid": "E-mail inválido",
    "form.phone_invalid": "Telefone inválido",
    "form.date_required": "Data obrigatória",
    "form.date_invalid": "Data inválida",
    "form.date_past": "A data não pode estar no passado",
    "form.too_long": "O texto é longo demais",
  },
});
