/**
 * Seats per date (back office): for one event, each date's subcategories with their own stock that date, sold,
 * held and left, and the seat pools (the vans' seats) that subcategories of one province share, with their seats
 * sold, held and left. Subcategories count tickets; pools count seats.
 */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { api, ApiFailure } from "../../../client/api";
import { formatDateTime } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { EventSeats } from "../../../shared/schemas/admin/seats";
import { fill } from "../../ui/texts";
import { StaffTable, type TableColumn } from "../StaffTable";
import type { AdminTexts } from "./texts";

type SeatDate = EventSeats["dates"][number];
type Figures = { sold: number; held: number; left: number };
interface PoolDraft {
  id: number | null;
  name: string;
  seats: string;
  provinceId: number | null;
  variantIds: number[];
}

const failureText = (error: unknown, texts: AdminTexts) => (error instanceof ApiFailure && error.message ? error.message : texts["admin.load_error"]);

export function SeatPools({ texts }: { texts: AdminTexts; locale: Locale }) {
  const [events, setEvents] = useState<{ id: number; name: string; startDate: string }[] | null>(null);
  const [eventId, setEventId] = useState<number | null>(null);
  const [seats, setSeats] = useState<EventSeats | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api("GET /shop-api/admin/events", { query: { pageSize: 100, sort: "startDate" } })
      .then((answer) => setEvents(answer.items.filter((event) => !event.cancelled).map(({ id, name, startDate }) => ({ id, name, startDate }))))
      .catch((failure) => setError(failureText(failure, texts)));
  }, [texts]);

  const reload = useCallback(async (id: number) => {
    setSeats(await api("GET /shop-api/admin/seats", { query: { eventId: id } }));
  }, []);

  useEffect(() => {
    if (eventId === null) return;
    setSeats(null);
    reload(eventId).catch((failure) => setError(failureText(failure, texts)));
  }, [eventId, reload, texts]);

  /** Runs a write, then reads the figures again; its refusal is shown, not thrown. */
  async function write(work: () => Promise<unknown>) {
    setNotice(null);
    setError(null);
    try {
      await work();
      if (eventId !== null) await reload(eventId);
      setNotice(texts["admin.seats.saved"]);
      return true;
    } catch (failure) {
      setError(failureText(failure, texts));
      return false;
    }
  }

  return (
    <div className="admin-list admin-seats">
      <h2 className="staff-heading">{texts["admin.seats.title"]}</h2>
      <p className="staff-muted">{texts["admin.seats.intro"]}</p>
      <p className="staff-muted">{fill(texts["admin.seats.units"], { seats: 2 })}</p>
      <p className="staff-muted">{texts["admin.seats.date_stock_hint"]}</p>
      <label className="admin-seats-event">
        {texts["admin.seats.event"]}
        <select value={eventId ?? ""} onChange={(event) => setEventId(event.target.value ? Number(event.target.value) : null)}>
          <option value="">{texts["admin.seats.choose_event"]}</option>
          {(events ?? []).map((event) => (
            <option key={event.id} value={event.id}>
              {event.name}
            </option>
          ))}
        </select>
      </label>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {eventId !== null && !seats && !error ? <div className="spinner" role="status" aria-label={texts["admin.loading"]} /> : null}
      {seats && seats.dates.length === 0 ? <p className="empty-text">{texts["admin.seats.none"]}</p> : null}
      {seats?.dates.map((date) => (
        <DateSeats key={date.eventDateId} date={date} timeZone={seats.timeZone} texts={texts} write={write} />
      ))}
    </div>
  );
}

interface DateProps {
  date: SeatDate;
  timeZone: string;
  texts: AdminTexts;
  write(work: () => Promise<unknown>): Promise<boolean>;
}

function DateSeats({ date, timeZone, texts, write }: DateProps) {
  const [stocks, setStocks] = useState<Record<number, string>>({});
  const [draft, setDraft] = useState<PoolDraft | null>(null);
  const title = formatDateTime(date.startDate, timeZone);
  const headingId = `admin-seats-date-${date.eventDateId}`;
  const poolName = (id: number | null) => date.pools.find((pool) => pool.id === id)?.name ?? texts["admin.seats.no_pool"];
  const variantLabel = (variant: SeatDate["variants"][number]) => `${variant.categoryName} · ${variant.name} (${variant.provinceName})`;
  // Subcategories (in tickets) and pools (in seats) count alike what is sold, held and left.
  const figureColumns: TableColumn<Figures>[] = [
    { key: "sold", header: texts["admin.seats.sold"], numeric: true, cell: (row) => row.sold },
    { key: "held", header: texts["admin.seats.held"], numeric: true, cell: (row) => row.held },
    { key: "left", header: texts["admin.seats.left"], numeric: true, cell: (row) => row.left },
  ];

  const saveStock = (variantId: number) => {
    const typed = (stocks[variantId] ?? "").trim();
    void write(() =>
      api("PUT /shop-api/admin/variants/:id/date-stock", {
        params: { id: variantId },
        body: { eventDateId: date.eventDateId, stock: typed === "" ? null : Number(typed) },
      }),
    );
  };

  async function savePool(event: FormEvent) {
    event.preventDefault();
    if (!draft || draft.provinceId === null) return;
    const body = { eventDateId: date.eventDateId, provinceId: draft.provinceId, name: draft.name, seats: Number(draft.seats), variantIds: draft.variantIds };
    const saved = await write(() =>
      draft.id === null ? api("POST /shop-api/admin/seat-pools", { body }) : api("PUT /shop-api/admin/seat-pools/:id", { params: { id: draft.id }, body }),
    );
    if (saved) setDraft(null);
  }

  const provinces = [...new Map(date.variants.map((variant) => [variant.provinceId, variant.provinceName])).entries()];
  const choosable = draft
    ? date.variants.filter((variant) => variant.provinceId === draft.provinceId && (variant.poolId === null || variant.poolId === draft.id))
    : [];

  return (
    <section className="admin-stock admin-seats-date" aria-labelledby={headingId} data-event-date={date.eventDateId}>
      <h3 id={headingId}>{title}</h3>
      <div className="admin-seats-scroll">
        <StaffTable
          rows={date.variants}
          rowKey={(variant) => String(variant.id)}
          columns={[
            { key: "variant", header: texts["admin.seats.variant"], cell: variantLabel },
            { key: "capacity", header: texts["admin.seats.per_ticket"], numeric: true, cell: (variant) => variant.capacity },
            {
              key: "dateStock",
              header: texts["admin.seats.date_stock"],
              cell: (variant) => (
                <span className="admin-seats-stock">
                  <input
                    type="number"
                    min={0}
                    inputMode="numeric"
                    aria-label={`${texts["admin.seats.date_stock"]}: ${variantLabel(variant)}`}
                    placeholder={String(variant.stock)}
                    value={stocks[variant.id] ?? (variant.dateStock === null ? "" : String(variant.dateStock))}
                    onChange={(event) => setStocks({ ...stocks, [variant.id]: event.target.value })}
                  />
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => saveStock(variant.id)}>
                    {texts["admin.seats.save"]}
                  </button>
                </span>
              ),
            },
            ...figureColumns,
            { key: "pool", header: texts["admin.seats.pool"], cell: (variant) => poolName(variant.poolId) },
          ]}
        />
      </div>

      <h4>{texts["admin.seats.pools"]}</h4>
      {date.pools.length === 0 ? (
        <p className="empty-text">{texts["admin.seats.pools_none"]}</p>
      ) : (
        <div className="admin-seats-scroll">
          <StaffTable
            rows={date.pools}
            rowKey={(pool) => String(pool.id)}
            rowData={(pool) => ({ "data-pool": pool.id })}
            testId={`admin-pools-${date.eventDateId}`}
            columns={[
              { key: "name", header: texts["admin.seats.pool_name"], cell: (pool) => pool.name },
              { key: "province", header: texts["admin.seats.pool_province"], cell: (pool) => pool.provinceName },
              { key: "seats", header: texts["admin.seats.pool_seats"], numeric: true, cell: (pool) => pool.seats },
              ...figureColumns,
              {
                key: "edit",
                header: texts["admin.seats.edit"],
                unlabelled: true,
                cell: (pool) => (
                  <>
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      onClick={() =>
                        setDraft({ id: pool.id, name: pool.name, seats: String(pool.seats), provinceId: pool.provinceId, variantIds: pool.variantIds })
                      }
                    >
                      {texts["admin.seats.edit"]}
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      onClick={() => void write(() => api("DELETE /shop-api/admin/seat-pools/:id", { params: { id: pool.id } }))}
                    >
                      {texts["admin.seats.pool_delete"]}
                    </button>
                  </>
                ),
              },
            ]}
          />
        </div>
      )}

      {draft ? (
        <form
          className="admin-seats-pool"
          onSubmit={(event) => void savePool(event)}
          aria-label={draft.id === null ? texts["admin.seats.pool_new"] : texts["admin.seats.pool_edit"]}
        >
          <label>
            {texts["admin.seats.pool_name"]}
            <input required maxLength={120} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
          </label>
          <label>
            {texts["admin.seats.pool_seats"]}
            <input
              required
              type="number"
              min={0}
              inputMode="numeric"
              value={draft.seats}
              onChange={(event) => setDraft({ ...draft, seats: event.target.value })}
            />
          </label>
          <label>
            {texts["admin.seats.pool_province"]}
            <select
              required
              value={draft.provinceId ?? ""}
              onChange={(event) => setDraft({ ...draft, provinceId: Number(event.target.value), variantIds: [] })}
            >
              {provinces.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend>{texts["admin.seats.pool_variants"]}</legend>
            {choosable.map((variant) => (
              <label key={variant.id} className="admin-seats-check">
                <input
                  type="checkbox"
                  checked={draft.variantIds.includes(variant.id)}
                  onChange={(event) =>
                    setDraft({
                      ...draft,
                      variantIds: event.target.checked ? [...draft.variantIds, variant.id] : draft.variantIds.filter((id) => id !== variant.id),
                    })
                  }
                />
                {`${variant.categoryName} · ${variant.name}`}
              </label>
            ))}
          </fieldset>
          <div className="admin-seats-actions">
            <button type="submit" className="btn btn-primary btn-small">
              {texts["admin.seats.pool_save"]}
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setDraft(null)}>
              {texts["admin.seats.cancel"]}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => setDraft({ id: null, name: "", seats: "", provinceId: provinces[0]?.[0] ?? null, variantIds: [] })}
        >
          + {texts["admin.seats.pool_new"]}
        </button>
      )}
    </section>
  );
}
