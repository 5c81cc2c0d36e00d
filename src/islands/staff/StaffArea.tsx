/**
 * /staff/{section} and /qr-verification: the staff area, a client-only route for roles staff and admin.
 * Without a valid token the person is sent to the site's home; a customer is sent home too (every staff
 * call answers 403 anyway). Each section loads its own code when first opened.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type MouseEvent } from "react";
import { isStaffRole } from "../../shared/domain/roles";
import type { Locale } from "../../shared/locales";
import { SignInPrompt } from "../auth/SignInPrompt";
import { useSignedIn } from "../auth/use-signed-in";
import type { SectionProps } from "./section-props";
import { SECTION_LABEL, STAFF_SECTIONS, sectionFromPath, sectionPath, type StaffSection } from "./sections";
import type { StaffTexts } from "./texts";
import "../account/account.css";
import "./staff.css";

const SECTIONS: Record<StaffSection, ComponentType<SectionProps>> = {
  scanner: lazy(() => import("./scanner/ScannerSection")),
  transfers: lazy(() => import("./transfers/TransfersSection")),
  orders: lazy(() => import("./orders/OrdersSection")),
  manifests: lazy(() => import("./manifests/ManifestsSection")),
  "event-requests": lazy(() => import("./event-requests/EventRequestsSection")),
};

interface Props {
  texts: StaffTexts;
  /** The site prefix ("" or "/cl/es-cl"). */
  prefix: string;
  locale: Locale;
}

export default function StaffArea({ texts, prefix, locale }: Props) {
  const [section, setSection] = useState<StaffSection>(() => sectionFromPath(window.location.pathname));
  const { me, failed, signedOut } = useSignedIn(prefix || "/", (person) => isStaffRole(person.role));

  useEffect(() => {
    const onPop = () => setSection(sectionFromPath(window.location.pathname));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  function go(event: MouseEvent<HTMLAnchorElement>, name: StaffSection) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (name !== section) window.history.pushState(null, "", sectionPath(prefix, name));
    setSection(name);
    document.getElementById("account-panel")?.focus({ preventScroll: true });
  }

  if (signedOut) return <SignInPrompt message={texts["auth.sign_in_required"]} action={texts["auth.login.title"]} />;
  if (failed) return <p className="empty-text staff-error">{texts["staff.load_error"]}</p>;
  if (!me) return <Loading label={texts["staff.loading"]} />;

  const Section = SECTIONS[section];
  return (
    <div className="account-layout">
      <nav className="account-menu" aria-label={texts["staff.menu.label"]}>
        <p className="account-name">
          {me.firstName} {me.lastName}
        </p>
        <ul>
          {STAFF_SECTIONS.map((name) => (
            <li key={name}>
              <a href={sectionPath(prefix, name)} aria-current={name === section ? "page" : undefined} onClick={(event) => go(event, name)}>
                {texts[SECTION_LABEL[name]]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section id="account-panel" className="staff-panel" tabIndex={-1} aria-label={texts[SECTION_LABEL[section]]}>
        <Suspense fallback={<Loading label={texts["staff.loading"]} />}>
          <Section texts={texts} prefix={prefix} locale={locale} me={me} />
        </Suspense>
      </section>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="account-loading" role="status">
      <div className="spinner" aria-hidden="true" />
      <p className="sr-only">{label}</p>
    </div>
  );
}
