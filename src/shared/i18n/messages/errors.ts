import { defineMessages } from "../define";

/**
 * Every `errors.*` text: the codes the API answers with (`{ success: false, code, message }`, the one list in
 * src/shared/domain/shop-error.ts) and the validation keys of the shared schemas. One file, in sections by who
 * reads them, so each island ships only its sections' texts (the islands' `texts.ts` pick them by section).
 */
/** The general refusals and validation keys every caller may meet. */
export const errorMessages = defineMessages({
  es_CO: {
    "errors.not_found": "No encontramos lo que buscas",
    "errors.validation_failed": "Revisa los datos ingresados",
    "errors.internal_error": "Ocurrió un error",
    "errors.not_ready": "La tienda no está lista: su base de datos no responde",
    "errors.payload_too_large": "La solicitud es demasiado grande",
    "errors.invalid_json": "La solicitud no es JSON válido",
    "errors.unknown_country": "No atendemos ese país",
    "errors.event_gone": "El evento ya no está disponible",
    "errors.unknown_event_date": "Esa fecha no está disponible para este evento",
    "errors.invalid_event_type": "El tipo de evento debe ser 1, 2 o 3",
    "errors.invalid_id": "El identificador no es válido",
    "errors.invalid_value": "Este valor no es válido",
    "errors.invalid_number": "Debe ser un número entre 1 y 100",
    "errors.unsupported_media_type": "La solicitud debe enviarse como JSON (application/json)",
    "errors.request_not_editable": "Esta solicitud ya no se puede modificar: solo se editan las guardadas o en revisión",
    "errors.request_not_reviewable": "Esta solicitud no está en revisión",
    "errors.request_not_repeatable": "Solo se puede repetir un evento finalizado",
    "errors.request_incomplete": "Sube la imagen y la lista de invitados antes de enviar la solicitud a revisión",
    "errors.request_date_past": "La fecha del evento debe ser futura",
    "errors.upload_missing": "Adjunta el archivo en el campo file",
    "errors.image_unreadable": "El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF)",
    "errors.image_too_many_pixels": "La imagen tiene demasiados píxeles para procesarla",
    "errors.guest_list_unreadable": "El archivo no es una lista de invitados válida (.xlsx o .xls con columnas name, email, phone)",
    "errors.guest_list_too_long": "La lista admite como máximo {max, plural, one {# invitado} other {# invitados}}",
    "errors.guest_list_too_complex": "No pudimos leer este archivo dentro de nuestros límites ({seconds} segundos y {megabytes} MB de memoria por lista). Copia solo las columnas name, email, phone y seats a un libro nuevo y súbelo de nuevo",
    "errors.guest_list_empty": "La lista no tiene ningún invitado válido",
    "errors.guest_seats_exceeded": "Tu invitación te da {seats, plural, one {# cupo} other {# cupos}} y ya reservaste {used}",
    "errors.invitation_expired": "El plazo para confirmar esta invitación terminó y sus cupos fueron liberados",
  },
  es_ES: {
    "errors.validation_failed": "Revisa los datos introducidos",
    "errors.internal_error": "Ha ocurrido un error",
    "errors.unknown_country": "No operamos en ese país",
  },
  es_MX: {
    "errors.unknown_country": "No damos servicio en ese país",
  },
  en_US: {
    "errors.not_found": "We could not find what you are looking for",
    "errors.validation_failed": "Please check the data you entered",
    "errors.internal_error": "Something went wrong",
    "errors.not_ready": "The shop is not ready: its database does not answer",
    "errors.payload_too_large": "The request is too large",
    "errors.invalid_json": "The request is not valid JSON",
    "errors.unknown_country": "We do not operate in that country",
    "errors.event_gone": "This event is no longer available",
    "errors.unknown_event_date": "That date is not available for this event",
    "errors.invalid_event_type": "The event type must be 1, 2 or 3",
    "errors.invalid_id": "The identifier is not valid",
    "errors.invalid_value": "This value is not valid",
    "errors.invalid_number": "It must be a number from 1 to 100",
    "errors.unsupported_media_type": "The request must be sent as JSON (application/json)",
    "errors.request_not_editable": "This request can no longer be changed: only saved or under-review requests can be edited",
    "errors.request_not_reviewable": "This request is not under review",
    "errors.request_not_repeatable": "Only a finished event can be repeated",
    "errors.request_incomplete": "Upload the image and the guest list before sending the request for review",
    "errors.request_date_past": "The event date must be in the future",
    "errors.upload_missing": "Attach the file in the field file",
    "errors.image_unreadable": "The file is not a valid image (JPEG, PNG, WebP, GIF or AVIF)",
    "errors.image_too_many_pixels": "The image has too many pixels to process",
    "errors.guest_list_unreadable": "The file is not a valid guest list (.xlsx or .xls with columns name, email, phone)",
    "errors.guest_list_too_long": "The list takes at most {max, plural, one {# guest} other {# guests}}",
    "errors.guest_list_too_complex": "We could not read this file within our limits ({seconds} seconds and {megabytes} MB of memory per list). Copy only the name, email, phone and seats columns into a new workbook and upload it again",
    "errors.guest_list_empty": "The list has no valid guest",
    "errors.guest_seats_exceeded": "Your invitation gives you {seats, plural, one {# seat} other {# seats}} and you have already booked {used}",
    "errors.invitation_expired": "The time to claim this invitation is over and its seats were released",
  },
  pt_BR: {
    "errors.not_found": "Não encontramos o que você procura",
    "errors.validation_failed": "Confira os dados informados",
    "errors.internal_error": "Ocorreu um erro",
    "errors.not_ready": "A loja não está pronta: o banco de dados não responde",
    "errors.payload_too_large": "A solicitação é grande demais",
    "errors.invalid_json": "A solicitação não é um JSON válido",
    "errors.unknown_country": "Não atendemos esse país",
    "errors.event_gone": "O evento não está mais disponível",
    "errors.unknown_event_date": "Essa data não está disponível para este evento",
    "errors.invalid_event_type": "O tipo de evento deve ser 1, 2 ou 3",
    "errors.invalid_id": "O identificador não é válido",
    "errors.invalid_value": "Este valor não é válido",
    "errors.invalid_number": "Deve ser um número de 1 a 100",
    "errors.unsupported_media_type": "A solicitação deve ser enviada como JSON (application/json)",
    "errors.request_not_editable": "Esta solicitação não pode mais ser alterada: só as salvas ou em análise podem ser editadas",
    "errors.request_not_reviewable": "Esta solicitação não está em análise",
    "errors.request_not_repeatable": "Só um evento finalizado pode ser repetido",
    "errors.request_incomplete": "Envie a imagem e a lista de convidados antes de mandar a solicitação para análise",
    "errors.request_date_past": "A data do evento deve ser futura",
    "errors.upload_missing": "Anexe o arquivo no campo file",
    "errors.image_unreadable": "O arquivo não é uma imagem válida (JPEG, PNG, WebP, GIF ou AVIF)",
    "errors.image_too_many_pixels": "A imagem tem pixels demais para ser processada",
    "errors.guest_list_unreadable": "O arquivo não é uma lista de convidados válida (.xlsx ou .xls com colunas name, email, phone)",
    "errors.guest_list_too_long": "A lista aceita no máximo {max, plural, one {# convidado} other {# convidados}}",
    "errors.guest_list_too_complex": "Não conseguimos ler este arquivo dentro dos nossos limites ({seconds} segundos e {megabytes} MB de memória por lista). Copie só as colunas name, email, phone e seats para uma pasta de trabalho nova e envie de novo",
    "errors.guest_list_empty": "A lista não tem nenhum convidado válido",
    "errors.guest_seats_exceeded": "Seu convite dá direito a {seats, plural, one {# vaga} other {# vagas}} e você já reservou {used}",
    "errors.invitation_expired": "O prazo para confirmar este convite terminou e as vagas foram liberadas",
  },
});

/** Accounts and sign-in: the dialogs, the account pages and their mails. */
export const authErrorMessages = defineMessages({
  es_CO: {
    "errors.login_error": "Email o contraseña incorrectos",
    "errors.email_already_registered": "El correo ingresado ya se encuentra registrado",
    "errors.email_not_registered": "El correo ingresado no se encuentra registrado",
    "errors.account_not_verified": "Tu cuenta aún no está verificada. Revisa tu correo o pide un nuevo enlace.",
    "errors.account_already_verified": "Tu cuenta ya está verificada. Ya puedes iniciar sesión.",
    "errors.too_many_attempts": "Demasiados intentos. Inténtalo de nuevo en {minutes, plural, one {# minuto} other {# minutos}}.",
    "errors.unauthorized": "Debes iniciar sesión para continuar",
    "errors.forbidden": "No tienes permiso para hacer esto",
    "errors.token_invalid": "El enlace no es válido",
    "errors.token_expired": "El enlace ha expirado. Pide uno nuevo.",
    "errors.token_used": "Este enlace ya fue utilizado",
    "errors.passwords_must_match": "LAS CONTRASEÑAS INGRESADAS DEBEN COINCIDIR",
  },
  es_ES: {
    "errors.too_many_attempts": "Demasiados intentos. Vuelve a intentarlo dentro de {minutes, plural, one {# minuto} other {# minutos}}.",
  },
  en_US: {
    "errors.login_error": "Wrong email or password",
    "errors.email_already_registered": "The email entered is already registered",
    "errors.email_not_registered": "The email entered is not registered",
    "errors.account_not_verified": "Your account is not verified yet. Check your email or ask for a new link.",
    "errors.account_already_verified": "Your account is already verified. You can log in now.",
    "errors.too_many_attempts": "Too many attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.",
    "errors.unauthorized": "Please log in to continue",
    "errors.forbidden": "You are not allowed to do this",
    "errors.token_invalid": "The link is not valid",
    "errors.token_expired": "The link has expired. Please ask for a new one.",
    "errors.token_used": "This link has already been used",
    "errors.passwords_must_match": "THE PASSWORDS ENTERED MUST MATCH",
  },
  pt_BR: {
    "errors.login_error": "E-mail ou senha incorretos",
    "errors.email_already_registered": "O e-mail informado já está cadastrado",
    "errors.email_not_registered": "O e-mail informado não está cadastrado",
    "errors.account_not_verified": "Sua conta ainda não foi verificada. Confira seu e-mail ou peça um novo link.",
    "errors.account_already_verified": "Sua conta já está verificada. Você já pode entrar.",
    "errors.too_many_attempts": "Muitas tentativas. Tente novamente em {minutes, plural, one {# minuto} other {# minutos}}.",
    "errors.unauthorized": "Entre na sua conta para continuar",
    "errors.forbidden": "Você não tem permissão para fazer isso",
    "errors.token_invalid": "O link não é válido",
    "errors.token_expired": "O link expirou. Peça um novo.",
    "errors.token_used": "Este link já foi usado",
    "errors.passwords_must_match": "AS SENHAS INFORMADAS DEVEM SER IGUAIS",
  },
});

/** The account area. */
export const accountErrorMessages = defineMessages({
  es_CO: {
    "errors.county_not_found": "El municipio no existe",
  },
  es_CL: {
    "errors.county_not_found": "La comuna no existe",
  },
  en_US: {
    "errors.county_not_found": "The municipality does not exist",
  },
  pt_BR: {
    "errors.county_not_found": "O município não existe",
  },
});

/** The account's security tab (password, email, sessions). */
export const accountSecurityErrorMessages = defineMessages({
  es_CO: {
    "errors.wrong_password": "La contraseña no es correcta",
    "errors.email_unchanged": "Ese ya es tu correo",
    "errors.email_change_needs_password": "Para cambiar tu correo usa «Cambiar correo» con tu contraseña",
  },
  en_US: {
    "errors.wrong_password": "The password is not correct",
    "errors.email_unchanged": "That is already your email",
    "errors.email_change_needs_password": "To change your email use “Change email” with your password",
  },
  pt_BR: {
    "errors.wrong_password": "A senha não está correta",
    "errors.email_unchanged": "Esse já é o seu e-mail",
    "errors.email_change_needs_password": "Para alterar seu e-mail use “Alterar e-mail” com sua senha",
  },
});

/** The purchase, its discounts and the order. */
export const orderErrorMessages = defineMessages({
  es_CO: {
    "errors.hold_limit_reached": "Puedes apartar hasta {max, plural, one {# cupo} other {# cupos}} sin pagar para una misma fecha. Paga o cancela tus pedidos pendientes para reservar más",
    "errors.stock_exhausted": "Ya no quedan cupos suficientes para esta compra",
    "errors.purchase_queue_full": "Mucha gente está comprando en este momento. Tu compra todavía no se hizo: la enviamos de nuevo en {seconds, plural, one {# segundo} other {# segundos}}",
    "errors.discount_invalid": "El cupón no es válido para este evento",
    "errors.discount_expired": "El cupón no está vigente",
    "errors.discount_used_up": "El cupón ya alcanzó su límite de usos",
    "errors.discount_not_applicable": "El cupón no aplica a los tickets elegidos",
    "errors.variant_not_in_event": "Uno de los tickets no pertenece a este evento",
    "errors.variant_not_in_province": "Uno de los tickets no corresponde al departamento elegido",
    "errors.place_not_in_event": "El lugar de un ticket no corresponde al evento",
    "errors.unknown_province": "El departamento elegido no existe",
    "errors.over_capacity": "Un ticket tiene más pasajeros que cupos",
    "errors.too_many_addresses": "Un ticket tiene más direcciones que paradas",
    "errors.approach_invalid": "Elige uno de los puntos de recogida del ticket",
    "errors.unknown_county": "El municipio no pertenece al departamento elegido",
    "errors.event_not_invited": "Este evento es solo para sus invitados",
    "errors.prepaid_only": "El organizador paga este evento: la reserva no lleva pago",
    "errors.order_not_awaiting_transfer": "Este pedido no está esperando una transferencia",
  },
  es_CL: {
    "errors.variant_not_in_province": "Uno de los tickets no corresponde a la región elegida",
    "errors.unknown_province": "La región elegida no existe",
    "errors.unknown_county": "La comuna no pertenece a la región elegida",
  },
  es_ES: {
    "errors.hold_limit_reached": "Puedes reservar hasta {max, plural, one {# plaza} other {# plazas}} sin pagar para una misma fecha. Paga o cancela tus pedidos pendientes para reservar más",
    "errors.stock_exhausted": "Ya no quedan plazas suficientes para esta compra",
    "errors.discount_not_applicable": "El cupón no se aplica a los billetes elegidos",
    "errors.variant_not_in_event": "Uno de los billetes no pertenece a este evento",
    "errors.variant_not_in_province": "Uno de los billetes no corresponde a la provincia elegida",
    "errors.place_not_in_event": "El lugar de un billete no corresponde al evento",
    "errors.unknown_province": "La provincia elegida no existe",
    "errors.over_capacity": "Un billete tiene más pasajeros que plazas",
    "errors.too_many_addresses": "Un billete tiene más direcciones que paradas",
    "errors.approach_invalid": "Elige uno de los puntos de recogida del billete",
    "errors.unknown_county": "El municipio no pertenece a la provincia elegida",
  },
  es_MX: {
    "errors.hold_limit_reached": "Puedes apartar hasta {max, plural, one {# lugar} other {# lugares}} sin pagar para una misma fecha. Paga o cancela tus pedidos pendientes para reservar más",
    "errors.stock_exhausted": "Ya no quedan lugares suficientes para esta compra",
    "errors.discount_not_applicable": "El cupón no aplica a los boletos elegidos",
    "errors.variant_not_in_event": "Uno de los boletos no pertenece a este evento",
    "errors.variant_not_in_province": "Uno de los boletos no corresponde al estado elegido",
    "errors.place_not_in_event": "El lugar de un boleto no corresponde al evento",
    "errors.unknown_province": "El estado elegido no existe",
    "errors.over_capacity": "Un boleto tiene más pasajeros que lugares",
    "errors.too_many_addresses": "Un boleto tiene más direcciones que paradas",
    "errors.approach_invalid": "Elige uno de los puntos de recogida del boleto",
    "errors.unknown_county": "El municipio no pertenece al estado elegido",
  },
  en_US: {
    "errors.hold_limit_reached": "You can hold up to {max, plural, one {# unpaid seat} other {# unpaid seats}} for one date. Pay for or cancel your pending orders to book more",
    "errors.stock_exhausted": "There are no longer enough seats for this purchase",
    "errors.purchase_queue_full": "Many people are buying right now. Your purchase has not gone through yet: we will send it again in {seconds, plural, one {# second} other {# seconds}}",
    "errors.discount_invalid": "The coupon is not valid for this event",
    "errors.discount_expired": "The coupon is not currently valid",
    "errors.discount_used_up": "The coupon has reached its usage limit",
    "errors.discount_not_applicable": "The coupon does not apply to the chosen tickets",
    "errors.variant_not_in_event": "One of the tickets does not belong to this event",
    "errors.variant_not_in_province": "One of the tickets is not offered in the chosen province",
    "errors.place_not_in_event": "A ticket's venue does not match the event",
    "errors.unknown_province": "The chosen province does not exist",
    "errors.over_capacity": "A ticket has more passengers than seats",
    "errors.too_many_addresses": "A ticket has more addresses than stops",
    "errors.approach_invalid": "Choose one of the ticket's pick-up points",
    "errors.unknown_county": "The district is not in the chosen province",
    "errors.event_not_invited": "This event is for its guests only",
    "errors.prepaid_only": "The organiser pays for this event: the booking takes no payment",
    "errors.order_not_awaiting_transfer": "This order is not waiting for a bank transfer",
  },
  pt_BR: {
    "errors.hold_limit_reached": "Você pode reservar até {max, plural, one {# lugar} other {# lugares}} sem pagamento para uma mesma data. Pague ou cancele seus pedidos pendentes para reservar mais",
    "errors.stock_exhausted": "Não há mais lugares suficientes para esta compra",
    "errors.purchase_queue_full": "Muitas pessoas estão comprando agora. Sua compra ainda não foi feita: vamos enviá-la novamente em {seconds, plural, one {# segundo} other {# segundos}}",
    "errors.discount_invalid": "O cupom não é válido para este evento",
    "errors.discount_expired": "O cupom não está vigente",
    "errors.discount_used_up": "O cupom atingiu o limite de usos",
    "errors.discount_not_applicable": "O cupom não se aplica aos ingressos escolhidos",
    "errors.variant_not_in_event": "Um dos ingressos não pertence a este evento",
    "errors.variant_not_in_province": "Um dos ingressos não corresponde ao estado escolhido",
    "errors.place_not_in_event": "O local de um ingresso não corresponde ao evento",
    "errors.unknown_province": "O estado escolhido não existe",
    "errors.over_capacity": "Um ingresso tem mais passageiros do que lugares",
    "errors.too_many_addresses": "Um ingresso tem mais endereços do que paradas",
    "errors.approach_invalid": "Escolha um dos pontos de embarque do ingresso",
    "errors.unknown_county": "O município não pertence ao estado escolhido",
    "errors.event_not_invited": "Este evento é só para convidados",
    "errors.prepaid_only": "O organizador paga este evento: a reserva não tem pagamento",
    "errors.order_not_awaiting_transfer": "Este pedido não está aguardando uma transferência",
  },
});

/** Payments and the gateways. */
export const paymentErrorMessages = defineMessages({
  es_CO: {
    "errors.payment_gateway_unavailable": "El medio de pago no responde. Intenta de nuevo en unos minutos",
    "errors.payment_gateway_refused": "El medio de pago no aceptó la solicitud. Intenta con otro medio de pago",
    "errors.payment_signature_invalid": "La notificación de pago no es válida",
    "errors.payment_return_invalid": "No pudimos leer el resultado del pago",
    "errors.payment_method_unavailable": "Este medio de pago no está disponible",
    "errors.payment_currency_unsupported": "Este medio de pago no acepta la moneda del evento",
  },
  es_ES: {
    "errors.payment_gateway_unavailable": "El medio de pago no responde. Inténtalo de nuevo en unos minutos",
    "errors.payment_gateway_refused": "El medio de pago no ha aceptado la solicitud. Prueba con otro medio de pago",
    "errors.payment_return_invalid": "No hemos podido leer el resultado del pago",
  },
  en_US: {
    "errors.payment_gateway_unavailable": "The payment provider is not responding. Please try again in a few minutes",
    "errors.payment_gateway_refused": "The payment provider did not accept the request. Please try another payment method",
    "errors.payment_signature_invalid": "The payment notification is not valid",
    "errors.payment_return_invalid": "We could not read the payment result",
    "errors.payment_method_unavailable": "This payment method is not available",
    "errors.payment_currency_unsupported": "This payment method does not accept the event's currency",
  },
  pt_BR: {
    "errors.payment_gateway_unavailable": "O meio de pagamento não está respondendo. Tente novamente em alguns minutos",
    "errors.payment_gateway_refused": "O meio de pagamento não aceitou a solicitação. Tente outro meio de pagamento",
    "errors.payment_signature_invalid": "A notificação de pagamento não é válida",
    "errors.payment_return_invalid": "Não conseguimos ler o resultado do pagamento",
    "errors.payment_method_unavailable": "Este meio de pagamento não está disponível",
    "errors.payment_currency_unsupported": "Este meio de pagamento não aceita a moeda do evento",
  },
});

/** The van door's ticket check. */
export const doorErrorMessages = defineMessages({
  es_CO: {
    "errors.ticket_invalid": "El código no es un ticket emitido por Rodamos",
    "errors.ticket_other_order": "El código pertenece a otro pedido",
    "errors.ticket_not_paid": "El pedido de este ticket no está pagado",
    "errors.ticket_cancelled": "El pedido de este ticket fue cancelado",
    "errors.ticket_expired": "El pedido de este ticket venció sin pagarse",
    "errors.ticket_refunded": "El pago de este ticket fue devuelto",
    "errors.ticket_wrong_leg": "Este ticket no es para este trayecto",
    "errors.wrong_date": "Este ticket es para otra fecha: {date}",
  },
  es_ES: {
    "errors.ticket_expired": "El pedido de este ticket caducó sin pagarse",
  },
  en_US: {
    "errors.ticket_invalid": "This code is not a ticket issued by Rodamos",
    "errors.ticket_other_order": "This code belongs to another order",
    "errors.ticket_not_paid": "This ticket's order is not paid",
    "errors.ticket_cancelled": "This ticket's order was cancelled",
    "errors.ticket_expired": "This ticket's order expired unpaid",
    "errors.ticket_refunded": "This ticket's payment was refunded",
    "errors.ticket_wrong_leg": "This ticket is not for this leg",
    "errors.wrong_date": "This ticket is for another date: {date}",
  },
  pt_BR: {
    "errors.ticket_invalid": "Este código não é um ingresso emitido pela Rodamos",
    "errors.ticket_other_order": "Este código pertence a outro pedido",
    "errors.ticket_not_paid": "O pedido deste ingresso não está pago",
    "errors.ticket_cancelled": "O pedido deste ingresso foi cancelado",
    "errors.ticket_expired": "O pedido deste ingresso expirou sem pagamento",
    "errors.ticket_refunded": "O pagamento deste ingresso foi devolvido",
    "errors.ticket_wrong_leg": "Este ingresso não é para este trecho",
    "errors.wrong_date": "Este ingresso é para outra data: {date}",
  },
});

/** Staff: transfers and manifests. */
export const staffDayErrorMessages = defineMessages({
  es_CO: {
    "errors.invalid_state": "Ese estado no existe",
    "errors.invalid_leg": "El trayecto debe ser ida o regreso",
    "errors.invalid_minutes": "Debe ser un número de minutos entre 1 y 120",
  },
  en_US: {
    "errors.invalid_state": "That state does not exist",
    "errors.invalid_leg": "The leg must be outbound or return",
    "errors.invalid_minutes": "It must be a number of minutes from 1 to 120",
  },
  pt_BR: {
    "errors.invalid_state": "Esse status não existe",
    "errors.invalid_leg": "O trecho deve ser ida ou volta",
    "errors.invalid_minutes": "Deve ser um número de minutos de 1 a 120",
  },
});

/** The back office. */
export const adminErrorMessages = defineMessages({
  es_CO: {
    "errors.admin_duplicate": "Ya existe otro registro con ese valor",
    "errors.admin_in_use": "No se puede borrar: otros datos o pedidos lo usan",
    "errors.admin_reference_missing": "Uno de los datos elegidos ya no existe",
    "errors.admin_date_has_orders": "La fecha {date} tiene {count, plural, one {# pedido} other {# pedidos}}: no se puede quitar (puedes moverla)",
    "errors.admin_date_has_orders_field": "Una fecha con pedidos no se puede quitar",
    "errors.event_cancel_needs_confirmation": "El evento tiene {count, plural, one {# pedido} other {# pedidos}} con tickets vendidos o reservados ({orders}). Si confirmas, esos pedidos se cancelan, sus compradores reciben un correo y se les devuelve lo pagado.",
    "errors.event_cancel_needs_confirmation_field": "Hay pedidos con tickets: confirma la cancelación",
    "errors.stock_below_sold": "El stock no puede ser {stock}: el {date} hay {sold, plural, one {# vendido} other {# vendidos}} y {held, plural, one {# reservado} other {# reservados}}, mínimo {minimum}",
    "errors.stock_below_sold_field": "Es menor que lo vendido y reservado en una fecha",
    "errors.pool_below_sold": "El cupo no puede tener {seats, plural, one {# asiento} other {# asientos}}: ya hay {sold, plural, one {# vendido} other {# vendidos}} y {held, plural, one {# reservado} other {# reservados}}, mínimo {minimum}",
    "errors.pool_below_sold_field": "Es menor que lo vendido y reservado",
    "errors.pool_variant_invalid": "Cada subcategoría del cupo debe ser del evento y la provincia de la fecha, y estar en un solo cupo por fecha",
  },
  en_US: {
    "errors.admin_duplicate": "Another record already has that value",
    "errors.admin_in_use": "It cannot be deleted: other records or orders use it",
    "errors.admin_reference_missing": "One of the chosen records no longer exists",
    "errors.admin_date_has_orders": "The date {date} has {count, plural, one {# order} other {# orders}}: it cannot be removed (you can move it)",
    "errors.admin_date_has_orders_field": "A date with orders cannot be removed",
    "errors.event_cancel_needs_confirmation": "The event has {count, plural, one {# order} other {# orders}} with sold or held tickets ({orders}). If you confirm, those orders are cancelled, their buyers are mailed and what they paid is given back.",
    "errors.event_cancel_needs_confirmation_field": "There are orders with tickets: confirm the cancellation",
    "errors.stock_below_sold": "The stock cannot be {stock}: on {date} there are {sold} sold and {held} held, at least {minimum}",
    "errors.stock_below_sold_field": "It is less than what a date has sold and held",
    "errors.pool_below_sold": "The pool cannot have {seats, plural, one {# seat} other {# seats}}: {sold} are sold and {held} held already, at least {minimum}",
    "errors.pool_below_sold_field": "It is less than what is sold and held",
    "errors.pool_variant_invalid": "Every subcategory of the pool must belong to the date's event and province, and to one pool per date",
  },
  pt_BR: {
    "errors.admin_duplicate": "Já existe outro registro com esse valor",
    "errors.admin_in_use": "Não é possível excluir: outros dados ou pedidos o usam",
    "errors.admin_reference_missing": "Um dos dados escolhidos não existe mais",
    "errors.admin_date_has_orders": "A data {date} tem {count, plural, one {# pedido} other {# pedidos}}: não pode ser removida (você pode movê-la)",
    "errors.admin_date_has_orders_field": "Uma data com pedidos não pode ser removida",
    "errors.event_cancel_needs_confirmation": "O evento tem {count, plural, one {# pedido} other {# pedidos}} com tickets vendidos ou reservados ({orders}). Se você confirmar, esses pedidos serão cancelados, os compradores receberão um e-mail e o valor pago será devolvido.",
    "errors.event_cancel_needs_confirmation_field": "Há pedidos com tickets: confirme o cancelamento",
    "errors.stock_below_sold": "O estoque não pode ser {stock}: em {date} há {sold, plural, one {# vendido} other {# vendidos}} e {held, plural, one {# reservado} other {# reservados}}, mínimo {minimum}",
    "errors.stock_below_sold_field": "É menor que o vendido e reservado em uma data",
    "errors.pool_below_sold": "A cota não pode ter {seats, plural, one {# lugar} other {# lugares}}: já há {sold, plural, one {# vendido} other {# vendidos}} e {held, plural, one {# reservado} other {# reservados}}, mínimo {minimum}",
    "errors.pool_below_sold_field": "É menor que o vendido e reservado",
    "errors.pool_variant_invalid": "Cada subcategoria da cota deve ser do evento e da província da data, e estar em uma só cota por data",
  },
});

/** The waiting list's refusals (the booking wizard's). */
export const waitingListErrorMessages = defineMessages({
  es_CO: {
    "errors.waiting_list_seats_on_sale": "{n, plural, one {Todavía queda # cupo a la venta: puedes comprarlo ahora} other {Todavía quedan # cupos a la venta: puedes comprarlos ahora}}",
    "errors.waiting_list_already_joined": "Ya estás en la lista de espera de este ticket para esta fecha",
    "errors.waiting_seats_range": "Elige entre 1 y 10 cupos",
  },
  en_US: {
    "errors.waiting_list_seats_on_sale": "{n, plural, one {# seat is} other {# seats are}} still on sale: you can buy them now",
    "errors.waiting_list_already_joined": "You are already on this ticket's waiting list for this date",
    "errors.waiting_seats_range": "Choose between 1 and 10 seats",
  },
  pt_BR: {
    "errors.waiting_list_seats_on_sale": "{n, plural, one {Ainda resta # vaga à venda: você pode comprá-la agora} other {Ainda restam # vagas à venda: você pode comprá-las agora}}",
    "errors.waiting_list_already_joined": "Você já está na lista de espera deste ticket para esta data",
    "errors.waiting_seats_range": "Escolha entre 1 e 10 vagas",
  },
});

/** A passenger's tracking link (the tracking page's). */
export const trackingErrorMessages = defineMessages({
  es_CO: {
    "errors.tracking_link_invalid": "Este enlace de seguimiento no es válido o tu viaje aún no tiene vehículo asignado",
    "errors.tracking_link_expired": "Este enlace de seguimiento ya terminó: dejó de funcionar una hora después de tu llegada",
  },
  en_US: {
    "errors.tracking_link_invalid": "This tracking link is not valid, or your trip has no vehicle assigned yet",
    "errors.tracking_link_expired": "This tracking link has ended: it stopped working an hour after your drop-off",
  },
  pt_BR: {
    "errors.tracking_link_invalid": "Este link de acompanhamento não é válido ou sua viagem ainda não tem veículo designado",
    "errors.tracking_link_expired": "Este link de acompanhamento terminou: parou de funcionar uma hora depois da sua chegada",
  },
});

/**
 * A payment already under way, a purchase sent again under its key, the database out of reach for a moment, and a change whose saving the database could
 * not confirm (it may have been saved: look before sending it again).
 */
export const paymentAttemptErrorMessages = defineMessages({
  es_CO: {
    "errors.idempotency_key_reused": "Esta clave de envío ya se usó para otra compra. Empieza la compra de nuevo",
    "errors.idempotency_key_in_use": "Tu compra anterior aún se está procesando. Espera unos segundos y vuelve a intentarlo",
    "errors.payment_in_progress": "Ya hay un pago de este pedido en curso. Termínalo en la ventana que se abrió o inténtalo de nuevo en unos minutos",
    "errors.database_unavailable": "No pudimos guardar esto ahora mismo: no se hizo ningún cambio. Inténtalo de nuevo en {seconds, plural, one {# segundo} other {# segundos}}",
    "errors.too_many_requests": "Recibimos demasiadas solicitudes a la vez desde tu conexión (máximo {max}). Espera un momento y vuelve a intentarlo",
    "errors.too_many_streams": "Hay demasiadas pantallas en vivo abiertas desde tu conexión (máximo {max}). Cierra alguna y vuelve a intentarlo",
    "errors.outcome_unknown": "No sabemos si tu cambio se guardó: la base de datos dejó de responder justo al guardarlo. Antes de repetirlo, revisa en unos segundos si ya está hecho, para no hacerlo dos veces",
  },
  en_US: {
    "errors.idempotency_key_reused": "This request key was already used for a different purchase. Start the purchase again",
    "errors.idempotency_key_in_use": "Your previous purchase is still being processed. Wait a few seconds and try again",
    "errors.payment_in_progress": "A payment of this order is already under way. Finish it in the window that opened, or try again in a few minutes",
    "errors.database_unavailable": "We could not save this right now: nothing was changed. Try again in {seconds, plural, one {# second} other {# seconds}}",
    "errors.too_many_requests": "We received too many requests at once from your connection (at most {max}). Wait a moment and try again",
    "errors.too_many_streams": "Too many live screens are open from your connection (at most {max}). Close one and try again",
    "errors.outcome_unknown": "We do not know whether your change was saved: the database stopped answering just as it was being saved. Before repeating it, check in a few seconds whether it is already done, so it is not done twice",
  },
  pt_BR: {
    "errors.idempotency_key_reused": "Esta chave de envio já foi usada para outra compra. Comece a compra de novo",
    "errors.idempotency_key_in_use": "Sua compra anterior ainda está sendo processada. Aguarde alguns segundos e tente de novo",
    "errors.payment_in_progress": "Já há um pagamento deste pedido em andamento. Conclua-o na janela que se abriu ou tente de novo em alguns minutos",
    "errors.database_unavailable": "Não conseguimos salvar isto agora: nada foi alterado. Tente de novo em {seconds, plural, one {# segundo} other {# segundos}}",
    "errors.too_many_requests": "Recebemos solicitações demais ao mesmo tempo da sua conexão (no máximo {max}). Aguarde um momento e tente de novo",
    "errors.too_many_streams": "Há telas ao vivo demais abertas na sua conexão (no máximo {max}). Feche alguma e tente de novo",
    "errors.outcome_unknown": "Não sabemos se sua alteração foi salva: o banco de dados parou de responder bem na hora de salvar. Antes de repeti-la, confira em alguns segundos se já está feita, para não fazê-la duas vezes",
  },
});
