/** "Your events" (account.md sections 2, 8): the private-events feature comes later; until then the spec's empty state. */
import type { AccountTexts } from "./texts";

export function EventsTab({ texts, prefix }: { texts: AccountTexts; prefix: string }) {
  return (
    <div className="account-section">
      <h1 className="account-title">{texts["account.events.title"]}</h1>
      <div className="empty-text account-empty">
        <p className="empty-main">{texts["account.events.none"]}</p>
        <p>{texts["account.events.create_hint"]}</p>
        <a className="btn btn-secondary" href={`${prefix}/contact`}>
          {texts["account.events.contact"]}
        </a>
      </div>
    </div>
  );
}
