import { mkdtemp, readFile, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { createMailer, mailDropDir } from "./mailer";

// 1x1 transparent PNG: stands in for the ticket's QR code.
const PIXEL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

describe("mailer", () => {
  it("sends embedded images as inline attachments, since mail clients block data: URLs", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "mail-"));
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir });
    await createMailer(env, () => new Date()).send({
      to: "ana@example.com",
      subject: "Tu ticket",
      text: "Tu ticket",
      html: `<p>Tu ticket</p><img alt="QR" src="${PIXEL}">`,
      links: [],
    });
    const files = await readdir(mailDropDir(dataDir));
    const eml = await readFile(join(mailDropDir(dataDir), files.find((name) => name.endsWith(".eml"))!), "utf8");
    expect(eml).toMatch(/src=3D"cid:|src="cid:/);
    expect(eml).toMatch(/Content-ID: </i);
    expect(eml).not.toContain("data:image/png");
  });
});
