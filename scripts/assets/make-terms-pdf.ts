/**
 * The terms-and-privacy PDF every footer legal link opens (public/legal/terminos-y-privacidad.pdf): privacy,
 * general conditions, conditions of use and cookies, in Spanish. A hand-built PDF 1.4 (standard Helvetica
 * fonts, WinAnsi text, one bookmark per section), so it needs no PDF tool.
 * Run: `npx tsx scripts/assets/make-terms-pdf.ts`
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { BRAND } from "../../src/shared/brand";

type Block = { kind: "title" | "h1" | "h2" | "p" | "li" | "meta"; text: string };

const UPDATED = "1 de noviembre de 2026";

const DOCUMENT: Block[] = [
  { kind: "title", text: `${BRAND.name}: términos, condiciones y privacidad` },
  { kind: "meta", text: `Última actualización: ${UPDATED}. Responsable: ${BRAND.name} S.A.S., ${BRAND.offices.CO}. Contacto: ${BRAND.email}.` },
  { kind: "p", text: `Este documento reúne la política de privacidad, las condiciones generales del servicio, las condiciones de uso del sitio y la política de cookies de ${BRAND.name}, plataforma que vende tickets de traslado compartido de ida y vuelta entre el domicilio de cada pasajero y un evento. Al reservar o crear una cuenta aceptas lo que aquí se describe.` },

  { kind: "h1", text: "1. Política de privacidad" },
  { kind: "h2", text: "1.1 Qué datos tratamos" },
  { kind: "li", text: "Datos de cuenta: nombre, apellido, correo electrónico, teléfono, documento de identidad, género y fecha de nacimiento." },
  { kind: "li", text: "Datos de la reserva: evento, fecha, direcciones de recogida, pasajeros (nombre, correo, teléfono y dirección) y medio de pago elegido. No guardamos los datos de tu tarjeta: los procesa la pasarela de pago." },
  { kind: "li", text: "Datos de eventos privados: información del evento, imagen y la lista de invitados que subes (nombre, correo y teléfono de cada invitado)." },
  { kind: "li", text: "Mensajes que nos envías por los formularios de contacto, matrimonios y cotización." },
  { kind: "h2", text: "1.2 Para qué los usamos" },
  { kind: "p", text: "Usamos tus datos para gestionar tu cuenta y tus reservas, organizar las rutas y avisarte cuando la van está por llegar, emitir los códigos QR de embarque, validar los pagos, responder tus solicitudes y cumplir nuestras obligaciones legales. Solo te enviaremos comunicaciones comerciales si lo autorizas, y puedes retirar esa autorización en cualquier momento." },
  { kind: "h2", text: "1.3 Base legal y encargados" },
  { kind: "p", text: "Tratamos los datos conforme a la Ley 1581 de 2012 y el Decreto 1377 de 2013 de Colombia y, cuando corresponda, a la normativa de protección de datos del país en que usas el servicio. Compartimos lo estrictamente necesario con los conductores que realizan el traslado, con las pasarelas de pago y con proveedores tecnológicos que actúan como encargados bajo contrato." },
  { kind: "h2", text: "1.4 Conservación y derechos" },
  { kind: "p", text: `Conservamos los datos mientras tengas una cuenta activa y durante los plazos que exige la ley para fines contables y tributarios. Puedes conocer, actualizar, rectificar y suprimir tus datos, y revocar la autorización, escribiendo a ${BRAND.email}. Responderemos en un plazo máximo de quince días hábiles.` },

  { kind: "h1", text: "2. Condiciones generales" },
  { kind: "h2", text: "2.1 El servicio" },
  { kind: "p", text: "Cada reserva incluye un ticket de traslado de ida y vuelta: recogida en la dirección indicada, llegada al evento y regreso al finalizar. Los horarios de recogida son estimados y se confirman por mensaje antes de la llegada del vehículo. El pasajero debe estar listo en el punto de recogida a la hora indicada." },
  { kind: "h2", text: "2.2 Precios y pagos" },
  { kind: "p", text: "Los precios se muestran en la moneda local con todos los impuestos incluidos (por ejemplo, COP en Colombia) antes de pagar. El pago se realiza con los medios habilitados en cada país. Las reservas con transferencia bancaria quedan pendientes hasta que nuestro equipo valida el pago, en un plazo de 24 horas. Los eventos financiados por el organizador no requieren pago del pasajero." },
  { kind: "h2", text: "2.3 Cambios, cancelaciones y reembolsos" },
  { kind: "p", text: "Puedes solicitar la cancelación de tu reserva hasta 48 horas antes del evento y recibirás el reembolso del valor pagado por el mismo medio de pago. Si el evento se cancela o cambia de fecha, te ofreceremos el traslado en la nueva fecha o el reembolso total. Las reservas no utilizadas por no presentarse a tiempo en el punto de recogida no son reembolsables." },
  { kind: "h2", text: "2.4 Responsabilidad" },
  { kind: "p", text: "Los traslados se realizan con conductores profesionales y vehículos que cuentan con los seguros obligatorios. No respondemos por retrasos causados por fuerza mayor, cierres viales o decisiones de las autoridades, aunque haremos lo razonable para llevarte a destino." },

  { kind: "h1", text: "3. Condiciones de uso" },
  { kind: "li", text: "Debes ser mayor de edad para crear una cuenta y reservar. Los menores viajan bajo la responsabilidad de un adulto que figure en la reserva." },
  { kind: "li", text: "Eres responsable de la veracidad de los datos que ingresas y de mantener segura tu contraseña. Avísanos si detectas un uso no autorizado de tu cuenta." },
  { kind: "li", text: "Al subir una lista de invitados declaras que cuentas con la autorización de esas personas para compartir sus datos con el fin de organizar el traslado." },
  { kind: "li", text: "No está permitido revender tickets, usar el sitio para fines ilícitos ni intentar acceder a información de otras personas." },
  { kind: "li", text: `Los textos, marcas, logotipos y diseños del sitio pertenecen a ${BRAND.name} o a sus licenciantes y no pueden usarse sin autorización.` },

  { kind: "h1", text: "4. Política de cookies" },
  { kind: "p", text: "Usamos solo el almacenamiento técnico necesario para que el sitio funcione: guardamos en tu navegador la sesión iniciada, el país y el idioma que elegiste y el estado de la reserva en curso. No usamos cookies publicitarias ni de seguimiento de terceros." },
  { kind: "p", text: "Puedes borrar estos datos desde la configuración de tu navegador en cualquier momento; si lo haces, tendrás que iniciar sesión de nuevo y volver a elegir país e idioma." },
  { kind: "meta", text: `Preguntas sobre este documento: ${BRAND.email}. Empresas: ${BRAND.companiesEmail}. Oficinas: ${BRAND.offices.CO} · ${BRAND.offices.MX}.` },
];

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 64;
const STYLE: Record<Block["kind"], { font: "F1" | "F2"; size: number; before: number; indent: number; color: string }> = {
  title: { font: "F2", size: 20, before: 0, indent: 0, color: "0.76 0.25 0.05" },
  meta: { font: "F1", size: 9.5, before: 10, indent: 0, color: "0.3 0.33 0.38" },
  h1: { font: "F2", size: 15, before: 22, indent: 0, color: "0.06 0.12 0.24" },
  h2: { font: "F2", size: 11.5, before: 12, indent: 0, color: "0.06 0.12 0.24" },
  p: { font: "F1", size: 10.5, before: 6, indent: 0, color: "0.07 0.09 0.15" },
  li: { font: "F1", size: 10.5, before: 4, indent: 14, color: "0.07 0.09 0.15" },
};

/** Helvetica's average advance is about half an em; a little generous so lines never overflow. */
const widthOf = (text: string, size: number, bold: boolean) => text.length * size * (bold ? 0.56 : 0.52);

function wrap(text: string, size: number, bold: boolean, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (widthOf(next, size, bold) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF string literal in WinAnsi (Latin-1 for the Spanish letters; the middle dot and dashes mapped). */
function pdfString(text: string): Buffer {
  const mapped = text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/—/g, "\x97").replace(/–/g, "\x96");
  return Buffer.from(`(${mapped})`, "latin1");
}

interface Page {
  parts: Buffer[];
}
const pages: Page[] = [];
const bookmarks: { title: string; page: number; y: number }[] = [];
let page: Page = { parts: [] };
let y = PAGE_H - MARGIN;
pages.push(page);

function newPage() {
  page = { parts: [] };
  pages.push(page);
  y = PAGE_H - MARGIN;
}

for (const block of DOCUMENT) {
  const style = STYLE[block.kind];
  const bold = style.font === "F2";
  const leading = style.size * 1.4;
  const text = block.kind === "li" ? block.text : block.text;
  const lines = wrap(text, style.size, bold, PAGE_W - 2 * MARGIN - style.indent);
  y -= style.before;
  // Keep a heading with at least two lines of what follows it.
  const needed = lines.length * leading + (block.kind.startsWith("h") ? 3 * 14 : 0);
  if (y - needed < MARGIN) newPage();
  if (block.kind === "h1") bookmarks.push({ title: block.text, page: pages.length - 1, y: y + style.size });
  lines.forEach((line, index) => {
    y -= leading;
    const x = MARGIN + style.indent;
    if (block.kind === "li" && index === 0) {
      page.parts.push(Buffer.from(`BT /F1 ${style.size} Tf ${style.color} rg ${MARGIN + 2} ${y.toFixed(2)} Td `, "latin1"), pdfString("\x95"), Buffer.from(" Tj ET\n", "latin1"));
    }
    page.parts.push(Buffer.from(`BT /${style.font} ${style.size} Tf ${style.color} rg ${x} ${y.toFixed(2)} Td `, "latin1"), pdfString(line), Buffer.from(" Tj ET\n", "latin1"));
  });
  if (block.kind === "title") {
    y -= 10;
    page.parts.push(Buffer.from(`0.76 0.25 0.05 RG 2 w ${MARGIN} ${y.toFixed(2)} m ${PAGE_W - MARGIN} ${y.toFixed(2)} l S\n`, "latin1"));
  }
}

// Page numbers in the footer.
pages.forEach((p, index) => {
  p.parts.push(Buffer.from(`BT /F1 8.5 Tf 0.4 0.42 0.47 rg ${MARGIN} 36 Td `, "latin1"), pdfString(`${BRAND.name} · Términos, condiciones y privacidad · Página ${index + 1} de ${pages.length}`), Buffer.from(" Tj ET\n", "latin1"));
});

// Object layout: 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, 6 outlines, then page + content pairs, then bookmarks.
const objects: Buffer[] = [];
const firstPageObj = 7;
const pageObj = (i: number) => firstPageObj + i * 2;
const firstBookmarkObj = firstPageObj + pages.length * 2;
const set = (n: number, body: Buffer | string) => (objects[n] = typeof body === "string" ? Buffer.from(body, "latin1") : body);

set(1, `<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R /PageMode /UseOutlines /Lang (es-CO) >>`);
set(2, `<< /Type /Pages /Count ${pages.length} /Kids [${pages.map((_, i) => `${pageObj(i)} 0 R`).join(" ")}] >>`);
set(3, `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>`);
set(4, `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>`);
set(5, Buffer.concat([Buffer.from("<< /Title ", "latin1"), pdfString(`${BRAND.name}: términos, condiciones y privacidad`), Buffer.from(` /Author (${BRAND.name}) /Producer (scripts/assets/make-terms-pdf.ts) >>`, "latin1")]));
set(6, `<< /Type /Outlines /First ${firstBookmarkObj} 0 R /Last ${firstBookmarkObj + bookmarks.length - 1} 0 R /Count ${bookmarks.length} >>`);
pages.forEach((p, i) => {
  const stream = Buffer.concat(p.parts);
  set(pageObj(i), `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageObj(i) + 1} 0 R >>`);
  set(pageObj(i) + 1, Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`, "latin1"), stream, Buffer.from("\nendstream", "latin1")]));
});
bookmarks.forEach((mark, i) => {
  const n = firstBookmarkObj + i;
  const links = `${i > 0 ? ` /Prev ${n - 1} 0 R` : ""}${i < bookmarks.length - 1 ? ` /Next ${n + 1} 0 R` : ""}`;
  set(n, Buffer.concat([Buffer.from("<< /Title ", "latin1"), pdfString(mark.title), Buffer.from(` /Parent 6 0 R${links} /Dest [${pageObj(mark.page)} 0 R /XYZ 0 ${mark.y.toFixed(2)} 0] >>`, "latin1")]));
});

const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
let offset = chunks[0]!.length;
const offsets: number[] = [];
for (let n = 1; n < objects.length; n++) {
  offsets[n] = offset;
  const chunk = Buffer.concat([Buffer.from(`${n} 0 obj\n`, "latin1"), objects[n]!, Buffer.from("\nendobj\n", "latin1")]);
  chunks.push(chunk);
  offset += chunk.length;
}
const xref = [`xref\n0 ${objects.length}\n`, "0000000000 65535 f \n", ...offsets.slice(1).map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${offset}\n%%EOF\n`, "latin1"));

mkdirSync("public/legal", { recursive: true });
writeFileSync("public/legal/terminos-y-privacidad.pdf", Buffer.concat(chunks));
console.log(`public/legal/terminos-y-privacidad.pdf: ${pages.length} pages`);
