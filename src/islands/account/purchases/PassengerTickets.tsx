/**
 * Each passenger's own ticket of a paid purchase: one panel per passenger with the name and that passenger's code.
 * A one-passenger purchase shows none: its code above is that passenger's ticket.
 */
import type { OrderDetailAnswer } from "../../../shared/schemas/purchase";
import { fill } from "../../ui/texts";
import type { PurchaseTexts } from "./texts";
import { FullScreenQr } from "./TripExtras";

export function PassengerTickets({ tickets, texts }: { tickets: OrderDetailAnswer["passengerTickets"]; texts: PurchaseTexts }) {
  if (tickets.length < 2) return null;
  return (
    <section className="passenger-tickets" aria-labelledby="passenger-tickets-title">
      <h3 id="passenger-tickets-title">{texts["purchase.passenger_qr.title"]}</h3>
      <p className="passenger-tickets-hint">{texts["purchase.passenger_qr.hint"]}</p>
      <ul>
        {tickets.map((ticket) => {
          const alt = fill(texts["purchase.passenger_qr.alt"], {
            name: ticket.name,
          });
          return (
            <li key={ticket.passengerId} className="passenger-ticket" aria-label={ticket.name}>
              <p className="passenger-ticket-name">{ticket.name}</p>
              <img src={ticket.qrImage} alt={alt} width={180} height={180} data-qr={ticket.qr} />
              <FullScreenQr image={ticket.qrImage} alt={alt} texts={texts} label={fill(texts["purchase.passenger_qr.fullscreen"], { name: ticket.name })} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
