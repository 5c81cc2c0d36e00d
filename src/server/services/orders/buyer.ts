/** Who buys: the signed-in person a purchase (or a shared purchase's first seat) is made for. */
export interface Buyer {
  id: number;
  email: string;
}
