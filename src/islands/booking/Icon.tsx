/** One of the shop's line icons, decorative (the control around it carries the words). */
import { iconSvg, type IconName } from "../../views/ui/icons";

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return <span className="bk-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: iconSvg(name, size) }} />;
}
