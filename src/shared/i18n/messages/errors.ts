import { defineMessages } from "../define";

/** Error codes the API answers with (`{ success: false, code, message }`) and validation keys. */
export const errorMessages = defineMessages({
  es_CO: {
    "errors.not_found": "No encontramos lo que buscas",
    "errors.validation_failed": "Revisa los datos ingresados",
    "errors.internal_error": "Ocurrió un error",
    "errors.payload_too_large": "La solicitud es demasiado grande",
    "errors.invalid_json": "La solicitud no es JSON válido",
  },
  es_CL: {
    "errors.not_found": "No encontramos lo que buscas",
    "errors.validation_failed": "Revisa los datos ingresados",
    "errors.internal_error": "Ocurrió un error",
    "errors.payload_too_large": "La solicitud es demasiado grande",
    "errors.invalid_json": "La solicitud no es JSON válido",
  },
  es_ES: {
    "errors.not_found": "No encontramos lo que buscas",
    "errors.validation_failed": "Revisa los datos introducidos",
    "errors.internal_error": "Ha ocurrido un error",
    "errors.payload_too_large": "La solicitud es demasiado grande",
    "errors.invalid_json": "La solicitud no es JSON válido",
  },
  es_MX: {
    "errors.not_found": "No encontramos lo que buscas",
    "errors.validation_failed": "Revisa los datos ingresados",
    "errors.internal_error": "Ocurrió un error",
    "errors.payload_too_large": "La solicitud es demasiado grande",
    "errors.invalid_json": "La solicitud no es JSON válido",
  },
  en_US: {
    "errors.not_found": "We could not find what you are looking for",
    "errors.validation_failed": "Please check the data you entered",
    "errors.internal_error": "Something went wrong",
    "errors.payload_too_large": "The request is too large",
    "errors.invalid_json": "The request is not valid JSON",
  },
  pt_BR: {
    "errors.not_found": "Não encontramos o que você procura",
    "errors.validation_failed": "Confira os dados informados",
    "errors.internal_error": "Ocorreu um erro",
    "errors.payload_too_large": "A solicitação é grande demais",
    "errors.invalid_json": "A solicitação não é um JSON válido",
  },
});
