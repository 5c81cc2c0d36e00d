/**
 * A mail server for `bench:mail`, on a loopback port: it speaks enough SMTP for nodemailer (EHLO, MAIL, RCPT, DATA,
 * RSET, NOOP, QUIT; no TLS, no auth) and keeps of each mail only its Message-ID, its size and when it arrived, so a
 * bench can count every order's mails (exactly once?) and their lag without holding thousands of PDFs in memory.
 * The message's end is found by scanning each chunk for the terminating line, never by splitting it into lines.
 */
import { createServer, type AddressInfo, type Socket } from "node:net";

export interface SunkMail {
  /** The Message-ID without its angle brackets, or "" when the mail had none. */
  messageId: string;
  bytes: number;
  /** Date.now() when the final "." was taken. */
  at: number;
}

export interface SmtpSink {
  url: string;
  mails: SunkMail[];
  /** Connections opened so far (a pooled sender opens a few and keeps them). */
  connections: number;
  close(): Promise<void>;
}

const END = "\r\n.\r\n";

export async function startSmtpSink(): Promise<SmtpSink> {
  const sockets = new Set<Socket>();
  const sink: SmtpSink = { url: "", mails: [], connections: 0, close: async () => {} };
  const server = createServer((socket) => {
    sink.connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.setNoDelay(true);
    let commands = "";
    /** In DATA: the message's first 8 KB (for its Message-ID) and its last 4 characters (an end marker may straddle chunks). */
    let head: string | null = null;
    let last = "";
    let bytes = 0;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink.bench ESMTP");
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") reply("250-sink.bench\r\n250-PIPELINING\r\n250 8BITMIME");
      else if (verb === "HELO") reply("250 sink.bench");
      else if (verb === "MAIL" || verb === "RCPT" || verb === "RSET" || verb === "NOOP") reply("250 2.0.0 ok");
      else if (verb === "DATA") {
        head = "";
        // The line break before DATA's content, so a message's first line "." would end it as SMTP says.
        last = "\r\n";
        bytes = 0;
        reply("354 end with <CRLF>.<CRLF>");
      } else if (verb === "QUIT") {
        reply("221 2.0.0 bye");
        socket.end();
      } else reply("502 5.5.2 not implemented");
    };
    socket.on("data", (chunk: Buffer) => {
      let text = chunk.toString("latin1");
      while (text.length > 0) {
        if (head !== null) {
          const joined = last + text;
          const end = joined.indexOf(END);
          if (end < 0) {
            bytes += text.length;
            if (head.length < 8192) head += text;
            last = joined.slice(-4);
            return;
          }
          bytes += Math.max(0, end - last.length);
          if (head.length < 8192) head += joined.slice(last.length, end);
          const messageId = /^Message-ID:\s*<([^>]*)>/im.exec(head.slice(0, 8192))?.[1] ?? "";
          sink.mails.push({ messageId, bytes, at: Date.now() });
          head = null;
          reply("250 2.0.0 queued");
          text = joined.slice(end + END.length);
          continue;
        }
        commands += text;
        text = "";
        for (let end = commands.indexOf("\r\n"); end >= 0 && head === null; end = commands.indexOf("\r\n")) {
          const line = commands.slice(0, end);
          commands = commands.slice(end + 2);
          command(line);
        }
        if (head !== null) {
          // DATA began: what followed it in this chunk is the message.
          text = commands;
          commands = "";
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sink.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return sink;
}
