/**
 * One load process of `bench:hosts -- --rush` (hosts-rush.ts): takes its share of the buyers and readers through
 * IPC, runs them within the common window and answers with what it saw.
 */
import { rushShare, type RushOptions } from "./hosts-rush";

process.once("message", (order) => {
  void rushShare(order as RushOptions & { startAt: number }).then((share) => process.send!(share, () => process.exit(0)));
});
