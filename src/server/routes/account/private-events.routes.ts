/**
 * The private-event calls of a signed-in customer: their private events, their two uploads, sending
 * for review, withdrawing, repeating, the guest list's claims, invited events and claiming an invitation. Each route names
 * requireCaller itself: this router is mounted at the account root beside calls that need no sign-in.
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { translate } from "../../../shared/i18n";
import { storageFor } from "../../storage";
import { MAX_IMAGE_BYTES, MAX_SHEET_BYTES } from "../../uploads/limits";
import { readUpload, uploadLimit } from "../../uploads/multipart";
import { createPrivateEvent, getPrivateEvent, listPrivateEvents, repeatPrivateEvent, sendForReview, updatePrivateEvent, withdrawPrivateEvent } from "../../services/private-events/private-events";
import { ownPrivateEvent } from "../../services/private-events/private-event-rows";
import { guestStatuses } from "../../services/private-events/guest-status";
import { uploadGuests, uploadImage } from "../../services/private-events/uploads";
import { claimInvitation, invitedEvents } from "../../services/private-events/guest-access";
import { buyerOrigin } from "../../origin";
import { payQuote } from "../../services/private-events/quote";
import { addGuest, guestExportRows, guestsCsv, guestsXlsx, removeGuest, resendInvitation } from "../../services/private-events/guest-list";
import { documented } from "../contract";

const create = documented("POST /shop-api/request-events");
const update = documented("PUT /shop-api/request-events/:id");
const list = documented("GET /shop-api/event-requests");
const one = documented("GET /shop-api/event-requests/:id");
const image = documented("POST /shop-api/event-requests/:id/upload-image");
const sheet = documented("POST /shop-api/event-requests/:id/upload-guests");
const submit = documented("POST /shop-api/event-requests/:id/submit");
const withdraw = documented("POST /shop-api/event-requests/:id/cancel");
const repeat = documented("POST /shop-api/event-requests/:id/repeat");
const guestList = documented("GET /shop-api/event-requests/:id/guests");
const invited = documented("GET /shop-api/invited-events");
const claim = documented("POST /shop-api/invitations/claim");
const pay = documented("POST /shop-api/event-requests/:id/pay");
const addOne = documented("POST /shop-api/event-requests/:id/guests");
const removeOne = documented("DELETE /shop-api/event-requests/:id/guests/:guestId");
const resend = documented("POST /shop-api/event-requests/:id/guests/:guestId/resend");
const exportList = documented("GET /shop-api/event-requests/:id/guests/export");

export const privateEventAccountRoutes = new Hono<AuthEnv>();
const r = privateEventAccountRoutes;

r.post("/request-events", create.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  return create.ok(c, await createPrivateEvent(deps.db, callerOf(c).id, (await create.input(c)).body, deps.now()));
});

r.put("/request-events/:id", update.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  const id = update.params(c).id;
  return update.ok(c, await updatePrivateEvent(deps.db, callerOf(c).id, id, (await update.input(c)).body, deps.now()));
});

r.get("/event-requests", list.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  const { state } = list.query(c);
  const rows = await listPrivateEvents(deps.db, callerOf(c).id, state, deps.now());
  // No private event in that state: the account area reads an answer with a `message` field as "no events".
  return list.ok(c, rows.length > 0 ? rows : { message: translate(c.get("locale"), "private_events.no_events_available") });
});

r.get("/event-requests/:id", one.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  return one.ok(c, await getPrivateEvent(deps.db, callerOf(c).id, one.params(c).id, deps.now()));
});

r.post("/event-requests/:id/upload-image", image.describe, requireCaller, uploadLimit(MAX_IMAGE_BYTES), async (c) => {
  const deps = c.get("deps");
  const id = image.params(c).id;
  const bytes = await readUpload(c, MAX_IMAGE_BYTES);
  return image.ok(c, await uploadImage(deps.db, storageFor(deps.env), callerOf(c).id, id, bytes, deps.now()));
});

r.post("/event-requests/:id/upload-guests", sheet.describe, requireCaller, uploadLimit(MAX_SHEET_BYTES), async (c) => {
  const deps = c.get("deps");
  const id = sheet.params(c).id;
  const bytes = await readUpload(c, MAX_SHEET_BYTES);
  return sheet.ok(c, await uploadGuests(deps.db, callerOf(c).id, id, bytes, c.get("locale"), deps.now()));
});

r.post("/event-requests/:id/submit", submit.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  return submit.ok(c, await sendForReview(deps.db, callerOf(c).id, submit.params(c).id, deps.now()));
});

r.post("/event-requests/:id/cancel", withdraw.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  return withdraw.ok(c, await withdrawPrivateEvent(deps.db, callerOf(c).id, withdraw.params(c).id));
});

r.post("/event-requests/:id/repeat", repeat.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  return repeat.ok(c, await repeatPrivateEvent(deps.db, callerOf(c).id, repeat.params(c).id, deps.now()));
});

r.get("/event-requests/:id/guests", guestList.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  const row = await ownPrivateEvent(deps.db, callerOf(c).id, guestList.params(c).id);
  return guestList.ok(c, await guestStatuses(deps.db, row.privateEvent, deps.now()));
});

r.get("/invited-events", invited.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  return invited.ok(c, await invitedEvents(deps.db, callerOf(c).id, deps.now()));
});

r.post("/invitations/claim", claim.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  const { body: { token } } = await claim.input(c);
  return claim.ok(c, await claimInvitation(deps.db, callerOf(c).id, token, deps.now()));
});

r.post("/event-requests/:id/pay", pay.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  const { body } = await pay.input(c);
  const origin = buyerOrigin(deps.env, c.req.header("host") ?? new URL(c.req.url).host);
  return pay.ok(c, await payQuote(deps, callerOf(c).id, pay.params(c).id, body, c.get("locale"), origin));
});

r.post("/event-requests/:id/guests", addOne.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  return addOne.ok(c, await addGuest(deps, callerOf(c).id, addOne.params(c).id, (await addOne.input(c)).body));
});

r.delete("/event-requests/:id/guests/:guestId", removeOne.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  return removeOne.ok(c, await removeGuest(deps.db, callerOf(c).id, removeOne.params(c).id, removeOne.params(c).guestId, deps.now()));
});

r.post("/event-requests/:id/guests/:guestId/resend", resend.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  return resend.ok(c, await resendInvitation(deps, callerOf(c).id, resend.params(c).id, resend.params(c).guestId));
});

r.get("/event-requests/:id/guests/export", exportList.describe, requireCaller, async (c) => {
  const deps = c.get("deps");
  const id = exportList.params(c).id;
  const { format } = exportList.query(c);
  const rows = await guestExportRows(deps.db, callerOf(c).id, id, c.get("locale"), deps.now());
  c.header("cache-control", "no-store");
  c.header("content-disposition", `attachment; filename="invitados-${id}.${format}"`);
  if (format === "csv") return c.body(guestsCsv(rows), 200, { "content-type": "text/csv; charset=utf-8" });
  return c.body(new Uint8Array(guestsXlsx(rows)), 200, { "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
});
