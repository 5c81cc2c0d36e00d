/**
 * Who works the door, kept on the device (localStorage) so that the scanner opens without network after a visit
 * online: only the name, role, country and language the staff area needs, nothing else of the profile.
 */
import type { MeAnswer } from "../../auth/session-actions";

const KEY = "rodamos.door.staff";

type DoorStaff = Pick<MeAnswer, "id" | "firstName" | "lastName" | "role" | "countryCode" | "localeCode">;

export function keepDoorStaff(me: MeAnswer): void {
  const kept: DoorStaff = {
    id: me.id,
    firstName: me.firstName,
    lastName: me.lastName,
    role: me.role,
    countryCode: me.countryCode,
    localeCode: me.localeCode,
  };
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the scanner then needs network to open.
  }
}

/** The kept staff member as the staff area reads a profile (the fields it does not keep are empty). */
export function readDoorStaff(): MeAnswer | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "null") as DoorStaff | null;
    if (!kept || typeof kept.id !== "number") return null;
    return {
      ...kept,
      email: "",
      phoneNumber: "",
      rut: null,
      documentType: null,
      gender: null,
      birthday: null,
      emailUndeliverable: false,
      frequentFriends: [],
      frequentAddresses: [],
    };
  } catch {
    return null;
  }
}
