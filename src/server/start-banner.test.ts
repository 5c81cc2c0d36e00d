import { describe, expect, it } from "vitest";
import { demoBanner } from "./start-banner";

const accounts = [{ email: "admin@rodamos.co", password: "demo" }];

describe("the start banner in demo mode", () => {
  it("says mails go to the local outbox without SMTP_URL", () => {
    const text = demoBanner({ NODE_ENV: "development" }, "http://127.0.0.1:4321", accounts).join("\n");
    expect(text).toContain("Mails are not sent; read them at http://127.0.0.1:4321/dev/outbox");
  });

  it("tells the truth with SMTP_URL set: mails are sent, through that server, and never prints its password", () => {
    const text = demoBanner({ NODE_ENV: "development", SMTP_URL: "smtp://user:s3cret@mail.example.com:2525" }, "http://127.0.0.1:4321", accounts).join("\n");
    expect(text).not.toContain("not sent");
    expect(text).toContain("Mails are sent through the SMTP server of SMTP_URL (mail.example.com:2525)");
    expect(text).not.toContain("s3cret");
  });

  it("is nothing in production", () => {
    expect(demoBanner({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com" }, "https://shop.example", accounts)).toEqual([]);
  });
});
