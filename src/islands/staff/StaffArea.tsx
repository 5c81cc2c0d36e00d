/**
 * /staff/{section} and /qr-verification: the staff area, a client-only route for roles staff and admin, and for
 * drivers, who see only their runs (/staff/driver).
 * Without a valid token the person is sent to the site's home; a customer is sent home too (every staff
 * call answers 403 anyway). Each section loads its own code when first opened.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type MouseEvent } from "react";
import { isAdminRole, isDriverRole, isStaffRole } from "../../shared/domain/roles";
import type { Locale } from "../../shared/locales";
import { SignInPrompt } from "../auth/SignInPrompt";
import { useSignedIn } from "../auth/use-signed-in";
import type { SectionProps } from "./section-props";
import { ADMIN_SECTIONS, DRIVER_SECTIONS, isAdminSection, SECTION_LABEL, STAFF_SECTIONS, sectionFromPath, sectionPath, type AdminSection, type StaffSection } from "./sections";
import { keepDoorStaff, readDoorStaff } from "./scanner/door-staff";
import type { StaffTexts } from "./texts";
import "../account/account.css";
import "./staff.css";

const SECTIONS: Record<StaffSection, ComponentType<SectionProps>> = {
  scanner: lazy(() => import("./scanner/ScannerSection")),
  boarding: lazy(() => import("./boarding/BoardingSection")),
  transfers: lazy(() => import("./transfers/TransfersSection")),
  orders: lazy(() => import("./orders/OrdersSection")),
  refunds: lazy(() => import("./refunds/RefundsSection")),
  "waiting-list": lazy(() => import("./waiting-list/WaitingListSection")),
  reports: lazy(() => import("./reports/ReportsSection")),
  "day-report": lazy(() => import("./day-report/DayReportSection")),
  manifests: lazy(() => import("./manifests/ManifestsSection")),
  dispatch: lazy(() => import("./dispatch/DispatchSection")),
  driver: lazy(() => import("./driver/DriverSection")),
  "event-requests": lazy(() => import("./private-events/PrivateEventsSection")),
  ...(Object.fromEntries(ADMIN_SECTIONS.map((name) => [name, adminSection(name)])) as unknown as Record<AdminSection, ComponentType<SectionProps>>),
};

/** Every back-office section is the same screen (one chunk, loaded when an admin first opens one) on its resource. */
function adminSection(resource: AdminSection) {
  return lazy(async () => {
    const { default: AdminSectionView } = await import("./admin/AdminSection");
    return { default: (props: SectionProps) => <AdminSectionView {...props} resource={resource} /> };
  });
}

interface Props {
  texts: StaffTexts;
  /** The site prefix ("" or "/cl/es-cl"). */
  prefix: string;
  locale: Locale;
}

export default function StaffArea({ texts, prefix, locale }: Props) {
  const [section, setSection] = useState<StaffSection>(() => sectionFromPath(window.location.pathname));
  const { me, failed, signedOut } = useSignedIn(prefix || "/", (person) => isStaffRole(person.role) || isDriverRole(person.role), { offline: readDoorStaff });

  useEffect(() => {
    if (me && navigator.onLine) keepDoorStaff(me);
  }, [me]);

  useEffect(() => {
    const onPop = () => setSection(sectionFromPath(window.location.pathname));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  function go(event: MouseEvent<HTMLAnchorElement>, name: StaffSection) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (window.location.pathname !== sectionPath(prefix, name)) {
      window.history.pushState(null, "", sectionPath(prefix, name));
      // A section that shows a row (/staff/events/12) goes back to its list when its menu entry is chosen again.
      window.dispatchEvent(new PopStateEvent("popstate"));
    }
    setSection(name);
    document.getElementById("account-panel")?.focus({ preventScroll: true });
  }

  if (signedOut) return <SignInPrompt message={texts["auth.sign_in_required"]} action={texts["auth.login.title"]} />;
  if (failed) return <p className="empty-text staff-error">{texts["staff.load_error"]}</p>;
  if (!me) return <Loading label={texts["staff.loading"]} />;

  const admin = isAdminRole(me.role);
  const driver = isDriverRole(me.role);
  // Staff never see the back office nor the driver's screen, and a driver sees nothing but it.
  const shown = driver ? "driver" : (isAdminSection(section) && !admin) || section === "driver" ? "scanner" : section;
  const Section = SECTIONS[shown];
  const menuEntry = (name: StaffSection) => (
    <li key={name}>
      <a href={sectionPath(prefix, name)} aria-current={name === shown ? "page" : undefined} onClick={(event) => go(event, name)}>
        {texts[SECTION_LABEL[name]]}
      </a>
    </li>
  );
  return (
    <div className="account-layout">
      {/* The area's name is the page's heading, unseen; each section's title is the heading below it. */}
      <h1 className="sr-only">{texts["staff.title"]}</h1>
      <nav className="account-menu" aria-label={texts["staff.menu.label"]}>
        <p className="account-name">
          {me.firstName} {me.lastName}
        </p>
        <ul>{(driver ? DRIVER_SECTIONS : STAFF_SECTIONS).map(menuEntry)}</ul>
        {admin ? (
          <>
            <p className="account-menu-heading" id="admin-menu-heading">
              {texts["admin.menu.heading"]}
            </p>
            <ul aria-labelledby="admin-menu-heading">{ADMIN_SECTIONS.map(menuEntry)}</ul>
          </>
        ) : null}
      </nav>
      <section id="account-panel" className="staff-panel" tabIndex={-1} aria-label={texts[SECTION_LABEL[shown]]}>
        <Suspense fallback={<Loading label={texts["staff.loading"]} />}>
          <Section key={shown} texts={texts} prefix={prefix} locale={locale} me={me} />
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
