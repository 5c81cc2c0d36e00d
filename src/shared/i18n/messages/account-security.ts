import { defineMessages } from "../define";

/** Changing the sign-in email (profile form, the two mails) and the refusals of that flow. */
export const accountSecurityMessages = defineMessages({
  es_CO: {
    "account.email_change.title": "Cambiar correo",
    "account.email_change.hint": "Te enviaremos un enlace al correo nuevo; el cambio se hace cuando lo abras.",
    "account.email_change.new_email": "Correo nuevo",
    "account.email_change.password": "Tu contraseña actual",
    "account.email_change.submit": "Enviar enlace",
    "account.email_change.sent": "Te enviamos un enlace a {email}. Ábrelo para confirmar el cambio.",
    "account.email_undeliverable.title": "No podemos escribirte a {email}",
    "account.email_undeliverable.body": "El servidor de correo rechazó esta dirección, así que no te llegan tus boletos ni nuestros avisos. Escribe la correcta en «Cambiar correo».",
    "account.email_undeliverable.fix": "Corregir mi correo",


    "mail.email_change.subject": "Confirma tu nuevo correo en Rodamos",
    "mail.email_change.body": "Pediste usar este correo para entrar a tu cuenta de Rodamos. Confírmalo para que el cambio se haga.",
    "mail.email_change.button": "Confirmar mi nuevo correo",
    "mail.email_change.expiry": "El enlace vence en 24 horas y sirve una sola vez. Si no lo pediste, ignora este correo.",
    "mail.email_changed.subject": "El correo de tu cuenta Rodamos cambió",
    "mail.email_changed.body": "El correo para entrar a tu cuenta ahora es {email}. Cerramos todas las sesiones abiertas.",
    "mail.email_changed.expiry": "Si no fuiste tú, escríbenos de inmediato respondiendo a este correo.",
  },
  es_ES: {
    "account.email_change.hint": "Te enviaremos un enlace al correo nuevo; el cambio se realiza cuando lo abras.",
  },
  en_US: {
    "account.email_change.title": "Change email",
    "account.email_change.hint": "We will send a link to the new address; the change happens when you open it.",
    "account.email_change.new_email": "New email",
    "account.email_change.password": "Your current password",
    "account.email_change.submit": "Send link",
    "account.email_change.sent": "We sent a link to {email}. Open it to confirm the change.",
    "account.email_undeliverable.title": "We cannot write to {email}",
    "account.email_undeliverable.body": "The mail server refused this address, so your tickets and our notices do not reach you. Enter the right one under “Change email”.",
    "account.email_undeliverable.fix": "Correct my email",


    "mail.email_change.subject": "Confirm your new Rodamos email",
    "mail.email_change.body": "You asked to sign in to your Rodamos account with this address. Confirm it to make the change.",
    "mail.email_change.button": "Confirm my new email",
    "mail.email_change.expiry": "The link expires in 24 hours and works once. If you did not ask for it, ignore this email.",
    "mail.email_changed.subject": "Your Rodamos account email changed",
    "mail.email_changed.body": "The email you sign in with is now {email}. Every open session was closed.",
    "mail.email_changed.expiry": "If this was not you, write to us at once by replying to this email.",
  },
  pt_BR: {
    "account.email_change.title": "Alterar e-mail",
    "account.email_change.hint": "Enviaremos um link para o novo e-mail; a alteração acontece quando você abri-lo.",
    "account.email_change.new_email": "Novo e-mail",
    "account.email_change.password": "Sua senha atual",
    "account.email_change.submit": "Enviar link",
    "account.email_change.sent": "Enviamos um link para {email}. Abra-o para confirmar a alteração.",
    "account.email_undeliverable.title": "Não conseguimos escrever para {email}",
    "account.email_undeliverable.body": "O servidor de e-mail recusou este endereço, então seus ingressos e nossos avisos não chegam até você. Digite o correto em “Alterar e-mail”.",
    "account.email_undeliverable.fix": "Corrigir meu e-mail",


    "mail.email_change.subject": "Confirme seu novo e-mail na Rodamos",
    "mail.email_change.body": "Você pediu para entrar na sua conta Rodamos com este e-mail. Confirme para que a alteração seja feita.",
    "mail.email_change.button": "Confirmar meu novo e-mail",
    "mail.email_change.expiry": "O link vence em 24 horas e funciona uma única vez. Se você não pediu, ignore este e-mail.",
    "mail.email_changed.subject": "O e-mail da sua conta Rodamos mudou",
    "mail.email_changed.body": "O e-mail para entrar na sua conta agora é {email}. Encerramos todas as sessões abertas.",
    "mail.email_changed.expiry": "Se não foi você, escreva para nós imediatamente respondendo a este e-mail.",
  },
});
