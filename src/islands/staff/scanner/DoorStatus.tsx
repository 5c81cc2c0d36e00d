/** Always on screen: online or not, how many scans wait to be sent, and how old the downloaded lists are. */
import { useEffect, useState } from "react";
import type { Locale } from "../../../shared/locales";
import { formatMessage } from "../../ui/format-message";
import type { StaffTexts } from "../texts";

interface Props {
  texts: StaffTexts;
  locale: Locale;
  online: boolean;
  pending: number;
  /** When the oldest list on the device was downloaded (ISO), or null for none. */
  listedAt: string | null;
}

export function DoorStatus({ texts, locale, online, pending, listedAt }: Props) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const minutes = listedAt ? Math.max(0, Math.floor((now - Date.parse(listedAt)) / 60_000)) : null;
  return (
    <div className={`door-offline${online ? "" : " door-offline-now"}`} role="status">
      <strong className="door-link">{online ? texts["scanner.status.online"] : texts["scanner.offline.banner"]}</strong>
      <span className={pending > 0 ? "door-pending" : undefined}>
        {formatMessage(locale, texts["scanner.status.pending"], {
          count: pending,
        })}
      </span>
      <span>{minutes === null ? texts["scanner.status.no_list"] : formatMessage(locale, texts["scanner.status.age"], { minutes })}</span>
    </div>
  );
}
