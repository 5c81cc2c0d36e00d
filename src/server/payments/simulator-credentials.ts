/** Where the payment simulators are served, and the credentials they accept when no real gateway is configured. */
export const SIMULATOR_PREFIX = "/payments-sim";

/** Accepted by the simulators only (they reach nothing else); production refuses them as gateway settings. */
export const SIMULATOR_MERCADOPAGO_ACCESS_TOKEN = "TEST-rodamos-simulator-access-token";
export const SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET = "rodamos-simulator-webhook-secret";
