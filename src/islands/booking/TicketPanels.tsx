/**
 * The tickets of the address and passenger steps: a Radix accordion, one ticket
 * open at a time, the first by default; each header says whether that ticket is complete.
 */
import * as Accordion from "@radix-ui/react-accordion";
import type { ReactNode } from "react";
import { Icon } from "./Icon";
import type { ClientTicket } from "../../stores/booking-tickets";
import { fill } from "../ui/texts";
import type { BookingTexts } from "./texts";

interface Props {
  tickets: ClientTicket[];
  open: string;
  complete: boolean[];
  texts: BookingTexts;
  onOpen(key: string): void;
  children(ticket: ClientTicket, index: number): ReactNode;
}

export function TicketPanels({ tickets, open, complete, texts, onOpen, children }: Props) {
  return (
    <Accordion.Root type="single" collapsible value={open} onValueChange={onOpen} className="bk-tickets">
      {tickets.map((ticket, index) => (
        <Accordion.Item key={ticket.key} value={ticket.key} className="bk-ticket" data-ticket={index}>
          <Accordion.Header className="bk-ticket-header">
            <Accordion.Trigger className="bk-ticket-trigger">
              <span>{fill(texts["booking.ticket.title"], { n: index + 1, name: `${ticket.name} · ${ticket.subcategoryName}` })}</span>
              <span className={complete[index] ? "bk-ticket-state is-complete" : "bk-ticket-state"}>
                {complete[index] ? <Icon name="check" size={16} /> : null}
                {complete[index] ? texts["booking.ticket.complete"] : texts["booking.ticket.incomplete"]}
              </span>
              <Icon name="chevronDown" />
            </Accordion.Trigger>
          </Accordion.Header>
          {/* Kept mounted when closed, so a field with an error can still be focused after opening it. */}
          <Accordion.Content className="bk-ticket-content" forceMount hidden={open !== ticket.key}>
            {children(ticket, index)}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
