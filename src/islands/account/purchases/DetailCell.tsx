/**
 * The purchase list's detail icon: a button that opens the detail, or, for a
 * cancelled purchase, a gray icon that opens nothing.
 */
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { iconSvg } from "../../../views/ui/icons";
import { fill } from "../../ui/texts";
import type { PurchaseTexts } from "./texts";

interface Props {
  orderId: number;
  state: string;
  texts: PurchaseTexts;
  onOpen(id: number): void;
}

const ICON = iconSvg("ticket", 22);

export function DetailCell({ orderId, state, texts, onOpen }: Props) {
  if (state === ORDER_STATE.cancelled) {
    return (
      <span className="purchase-open is-disabled" role="img" aria-label={texts["purchase.no_detail"]} dangerouslySetInnerHTML={{ __html: ICON }} />
    );
  }
  return (
    <button type="button" className="purchase-open" aria-label={fill(texts["purchase.open"], { id: orderId })} onClick={() => onOpen(orderId)}>
      <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: ICON }} />
    </button>
  );
}

/** The column's header, read by screen readers only. */
export function DetailHeader({ texts }: { texts: PurchaseTexts }) {
  return (
    <th scope="col">
      <span className="sr-only">{texts["purchase.detail_column"]}</span>
    </th>
  );
}
