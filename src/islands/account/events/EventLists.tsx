/**
 * The Events tab's list view: the create button and four tabs, invited,
 * active (approved), under review (with saved and rejected) and finished; each list shows its spinner, its rows,
 * 'No es posible cargar su solicitud' when the fetch failed, or `no_events_available` when empty. Someone who has
 * created no private event is told so.
 */
import { useRef, type KeyboardEvent } from "react";
import { InvitedCard } from "./InvitedCard";
import { PrivateEventCard } from "./PrivateEventCard";
import { LIST_NAMES, type ListName, type Lists } from "./use-private-event-lists";
import type { EventTexts } from "./texts";

interface Props {
  texts: EventTexts;
  prefix: string;
  lists: Lists;
  tab: ListName;
  onTab: (tab: ListName) => void;
  onCreate: () => void;
  onEdit: (id: number) => void;
  onRepeat: (id: number) => void;
  onChange: () => void;
  /** The private event the approval mail links to (`?request=`). */
  highlighted: number | null;
}

const LABEL = { invited: "private_events.tab.invited", active: "private_events.tab.active", review: "private_events.tab.review", finished: "private_events.tab.finished" } as const;

export function EventLists({ texts, prefix, lists, tab, onTab, onCreate, onEdit, onRepeat, onChange, highlighted }: Props) {
  const tabRefs = useRef<Partial<Record<ListName, HTMLButtonElement | null>>>({});
  const owned = [lists.active, lists.review, lists.finished];
  const noneCreated = owned.every((list) => Array.isArray(list) && list.length === 0);
  const rows = lists[tab];

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onKey(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = LIST_NAMES[(LIST_NAMES.indexOf(tab) + step + LIST_NAMES.length) % LIST_NAMES.length]!;
    onTab(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <>
      <div className="events-head">
        <button type="button" className="btn btn-primary" onClick={onCreate}>
          {texts["private_events.create"]}
        </button>
      </div>
      {noneCreated ? <p className="events-none">{texts["account.events.none"]}</p> : null}
      <div className="events-tabs" role="tablist" aria-label={texts["private_events.tabs"]}>
        {LIST_NAMES.map((name) => {
          const list = lists[name];
          return (
            <button
              key={name}
              ref={(node) => {
                tabRefs.current[name] = node;
              }}
              type="button"
              role="tab"
              id={`events-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="events-panel"
              tabIndex={tab === name ? 0 : -1}
              onClick={() => onTab(name)}
              onKeyDown={onKey}
            >
              {texts[LABEL[name]]}
              {Array.isArray(list) && list.length > 0 ? <span className="tab-count">{list.length}</span> : null}
            </button>
          );
        })}
      </div>
      <div id="events-panel" role="tabpanel" aria-labelledby={`events-tab-${tab}`} className="events-panel">
        {rows === null ? <div className="spinner" role="status" aria-label={texts["account.loading"]} /> : null}
        {rows === "error" ? <p className="empty-text">{texts["private_events.load_failed"]}</p> : null}
        {Array.isArray(rows) && rows.length === 0 ? (
          <p className="empty-text">{tab === "invited" ? texts["private_events.no_invitations"] : texts["private_events.no_events_available"]}</p>
        ) : null}
        {Array.isArray(rows) && rows.length > 0 ? (
          <ul className="event-cards" aria-label={texts[LABEL[tab]]}>
            {tab === "invited"
              ? lists.invited !== "error" && lists.invited?.map((event) => <InvitedCard key={event.requestId} event={event} texts={texts} prefix={prefix} />)
              : (rows as Exclude<Lists["active"], "error" | null>).map((privateEvent) => (
                  <PrivateEventCard
                    key={privateEvent.id}
                    privateEvent={privateEvent}
                    texts={texts}
                    prefix={prefix}
                    onEdit={onEdit}
                    onRepeat={onRepeat}
                    onChange={onChange}
                    highlighted={privateEvent.id === highlighted}
                  />
                ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
