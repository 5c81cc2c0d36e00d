/** Environment is parsed once at start-up; a wrong setting stops the server with a clear message. */
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default("127.0.0.1"),
  /** Public origin used in mails and payment return URLs. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL for scale; without it the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z.string().startsWith("postgres").optional(),
  DATA_DIR: z.string().default("./data"),
  DIST_DIR: z.string().default("./dist"),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}
