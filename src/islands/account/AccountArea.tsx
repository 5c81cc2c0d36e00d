/**
 * /my-account/{tab}, a client-only route: without a valid token the person is sent to the
 * site's home to log in, and brought back to the address, with its query, after it; a spinner shows until the profile has loaded; a side menu with the person's name and
 * the five tabs; each tab has its own address and the back button moves between them.
 */
import { useCallback, useEffect, useState, type MouseEvent } from "react";
import { useSignedIn } from "../auth/use-signed-in";
import { EventsTab } from "./EventsTab";
import { FrequentAddressesTab } from "./FrequentAddressesTab";
import { FrequentFriendsTab } from "./FrequentFriendsTab";
import { PaymentsTab } from "./PaymentsTab";
import { ProfileTab } from "./ProfileTab";
import { ACCOUNT_TABS, tabFromPath, type AccountTab } from "./tabs";
import type { AccountTexts } from "./texts";
import { fill } from "../ui/texts";
import "../auth/auth.css";
import "./account.css";

interface Props {
  texts: AccountTexts;
  /** The site prefix ("" or "/cl/es-cl"): home and tab addresses live under it. */
  prefix: string;
  locale: string;
}

export default function AccountArea({ texts, prefix, locale }: Props) {
  const [tab, setTab] = useState<AccountTab>(() => tabFromPath(window.location.pathname));
  const { me, setMe, failed, signedOut } = useSignedIn(prefix || "/", undefined, { signedOut: "home" });

  useEffect(() => {
    const onPop = () => setTab(tabFromPath(window.location.pathname));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  // On phones the tabs are a scrolling row: keep the current one in sight.
  useEffect(() => {
    const row = document.querySelector<HTMLElement>(".account-menu ul");
    const current = row?.querySelector<HTMLElement>("a[aria-current=page]");
    if (row && current && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
    }
  }, [tab, me]);

  const tabUrl = useCallback((name: AccountTab) => `${prefix}/my-account/${name}`, [prefix]);

  // An address with no tab or an unknown one shows the profile: say so in the address bar too.
  useEffect(() => {
    if (tabFromPath(window.location.pathname) === "profile" && !window.location.pathname.endsWith("/my-account/profile")) {
      window.history.replaceState(null, "", tabUrl("profile"));
    }
  }, [tabUrl]);

  function go(event: MouseEvent<HTMLAnchorElement>, name: AccountTab) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (name !== tab) window.history.pushState(null, "", tabUrl(name));
    setTab(name);
    document.getElementById("account-panel")?.focus({ preventScroll: true });
  }

  // On its way home (useSignedIn replaced the address): nothing of the area shows meanwhile.
  if (signedOut) return null;
  if (failed) return <p className="empty-text account-error">{texts["account.load_error"]}</p>;
  if (!me) {
    return (
      <div className="account-loading" role="status">
        <div className="spinner" aria-hidden="true" />
        <p className="sr-only">{texts["account.loading"]}</p>
      </div>
    );
  }

  return (
    <div className="account-layout">
      <nav className="account-menu" aria-label={texts["account.menu.label"]}>
        <p className="account-name" data-account-name>
          {me.firstName} {me.lastName}
        </p>
        <ul>
          {ACCOUNT_TABS.map((name) => (
            <li key={name}>
              <a href={tabUrl(name)} aria-current={name === tab ? "page" : undefined} onClick={(event) => go(event, name)}>
                {texts[`account.menu.${name}`]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section id="account-panel" className="account-panel" tabIndex={-1} aria-label={texts[`account.menu.${tab}`]}>
        {me.emailUndeliverable ? (
          // The mail server refused the address for good: said on every tab until the email change fixes it.
          <div className="account-undeliverable" role="alert" data-testid="email-undeliverable">
            <p className="account-undeliverable-title">{fill(texts["account.email_undeliverable.title"], { email: me.email })}</p>
            <p>{texts["account.email_undeliverable.body"]}</p>
            <a href={`${tabUrl("profile")}#email-change-title`} onClick={(event) => (tab === "profile" ? undefined : go(event, "profile"))}>
              {texts["account.email_undeliverable.fix"]}
            </a>
          </div>
        ) : null}
        {tab === "profile" ? <ProfileTab texts={texts} me={me} onSaved={setMe} /> : null}
        {tab === "payments" ? <PaymentsTab texts={texts} locale={locale} countryCode={me.countryCode} /> : null}
        {tab === "events" ? <EventsTab texts={texts} prefix={prefix} countryCode={me.countryCode} /> : null}
        {tab === "frecuentAddresses" ? <FrequentAddressesTab texts={texts} countryCode={me.countryCode} /> : null}
        {tab === "frecuentFriends" ? <FrequentFriendsTab texts={texts} /> : null}
      </section>
    </div>
  );
}
