/**
 * "Your events": list, create, edit; a successful create or save returns to
 * the list. A personal invitation link (`?claim=`) is claimed on arrival and opens the invited list.
 */
import { useEffect, useRef, useState } from "react";
import { api } from "../../client/api";
import { showToast } from "../../stores/toasts";
import { failureMessage } from "../ui/use-schema-form";
import { EventForm } from "./events/EventForm";
import { EventLists } from "./events/EventLists";
import { usePrivateEventLists, type ListName } from "./events/use-private-event-lists";
import type { AccountTexts } from "./texts";
import "./events/events.css";

type View = { mode: "list" } | { mode: "create" } | { mode: "edit"; id: number };

export function EventsTab({ texts, prefix, countryCode }: { texts: AccountTexts; prefix: string; countryCode: string }) {
  const [view, setView] = useState<View>({ mode: "list" });
  const [tab, setTab] = useState<ListName>("review");
  const { lists, reload } = usePrivateEventLists();
  // The approval mail links to its private event (`?request=`): the active list, with that private event's guests open.
  const [highlighted] = useState(() => (typeof window === "undefined" ? null : Number(new URLSearchParams(window.location.search).get("request")) || null));
  const tabChosen = useRef(highlighted !== null);
  useEffect(() => {
    if (highlighted !== null) setTab("active");
  }, [highlighted]);
  // A signed-in guest with an invitation lands on "Invitados" first, unless a tab was chosen already.
  useEffect(() => {
    if (tabChosen.current || !Array.isArray(lists.invited) || lists.invited.length === 0) return;
    tabChosen.current = true;
    setTab("invited");
  }, [lists.invited]);
  const chooseTab = (next: ListName) => {
    tabChosen.current = true;
    setTab(next);
  };

  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get("claim");
    if (!token) return;
    url.searchParams.delete("claim");
    window.history.replaceState(null, "", url);
    tabChosen.current = true;
    setTab("invited");
    api("POST /shop-api/invitations/claim", { body: { token } })
      .then(() => {
        showToast("success", texts["private_events.claimed"]);
        reload();
      })
      .catch((error: unknown) => showToast("error", failureMessage(error, texts["private_events.load_failed"])));
  }, [texts, reload]);

  function backToList(nextTab: ListName = tab) {
    setTab(nextTab);
    setView({ mode: "list" });
    reload();
    document.getElementById("account-panel")?.focus({ preventScroll: true });
  }

  async function repeat(id: number) {
    try {
      const copy = await api("POST /shop-api/event-requests/:id/repeat", { params: { id } });
      showToast("success", texts["private_events.repeat_done"]);
      setView({ mode: "edit", id: copy.id });
    } catch (error) {
      showToast("error", failureMessage(error, texts["private_events.create_event_failed"]));
    }
  }

  return (
    <div className="account-section">
      <h1 className="account-title">{view.mode === "list" ? texts["account.events.title"] : view.mode === "create" ? texts["private_events.create_title"] : texts["private_events.edit_title"]}</h1>
      {view.mode === "list" ? (
        <EventLists
          texts={texts}
          prefix={prefix}
          lists={lists}
          tab={tab}
          onTab={chooseTab}
          onCreate={() => setView({ mode: "create" })}
          onEdit={(id) => setView({ mode: "edit", id })}
          onRepeat={repeat}
          onChange={reload}
          highlighted={highlighted}
        />
      ) : (
        <EventForm
          key={view.mode === "edit" ? view.id : "new"}
          texts={texts}
          countryCode={countryCode}
          editId={view.mode === "edit" ? view.id : null}
          onDone={() => backToList("review")}
          onCancel={() => backToList()}
        />
      )}
    </div>
  );
}
