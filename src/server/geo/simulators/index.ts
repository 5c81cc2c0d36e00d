/**
 * The local geocoding and routing stand-ins, served by the shop itself under /geo-sim in demo mode (and tests)
 * only, to this machine only: `GEOCODER_URL=http://127.0.0.1:4321/geo-sim/nominatim` and
 * `ROUTING_URL=http://127.0.0.1:4321/geo-sim/osrm` make the shop use its real protocol adapters against them.
 * Absent in production.
 */
import { Hono } from "hono";
import { demoToolsOnly } from "../../http/local-only";
import type { ShopContext } from "../../context";
import { shopMode } from "../../env";
import type { AppEnv } from "../../http/context";
import { geoSettings } from "../settings";
import { nominatimSimulator } from "./nominatim-simulator";
import { osrmSimulator } from "./osrm-simulator";

export function geoSimulators(deps: Pick<ShopContext, "env">): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (shopMode(deps.env) === "production") return app;
  app.use("*", demoToolsOnly);
  app.route("/nominatim", nominatimSimulator());
  app.route("/osrm", osrmSimulator(geoSettings(deps.env).estimate));
  return app;
}
