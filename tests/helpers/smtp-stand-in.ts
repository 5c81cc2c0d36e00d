/**
 * A mail server for the tests, on a loopback port: it speaks enough SMTP for nodemailer (EHLO, MAIL, RCPT, DATA,
 * RSET, QUIT; no TLS, no auth), keeps every mail it accepts, and refuses a recipient `refuse` names with the
 * permanent reply it gives (e.g. "550 5.1.1 No such user"), as a real server refuses an address it has no box for.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message, headers and body. */
  data: string;
  header(name: string): string | undefined;
}

export interface SmtpStandIn {
  url: string;
  mails: ReceivedMail[];
  /** The reply a recipient gets instead of 250 ("550 5.1.1 …"), or undefined to take it. */
  refuse: (address: string) => string | undefined;
  close(): Promise<void>;
}

function headerOf(data: string, name: string): string | undefined {
  const head = data.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((row) => row.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const sockets = new Set<Socket>();
  const standIn: SmtpStandIn = { url: "", mails: [], refuse: () => undefined, close: async () => {} };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer = "";
    let inData = false;
    let data: string[] = [];
    let from = "";
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 smtp.test ESMTP stand-in");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            const raw = data.join("\r\n");
            standIn.mails.push({ from, to, data: raw, header: (name) => headerOf(raw, name) });
            reply("250 2.0.0 queued");
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply(verb === "EHLO" ? "250-smtp.test\r\n250 8BITMIME" : "250 smtp.test");
        else if (verb === "MAIL") {
          from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          to = [];
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? "";
          const refusal = standIn.refuse(address);
          if (refusal) reply(refusal);
          else {
            to.push(address);
            reply("250 2.1.5 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          data = [];
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "RSET") reply("250 2.0.0 ok");
        else if (verb === "NOOP") reply("250 2.0.0 ok");
        else if (verb === "QUIT") {
          reply("221 2.0.0 bye");
          socket.end();
        } else reply("502 5.5.2 not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `smtp://127.0.0.1:${port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return standIn;
}
