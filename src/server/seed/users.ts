/**
 * Demo accounts (docs/decisions.md lists them): a verified customer with a frequent friend and two
 * frequent addresses, a staff member for the scanner and transfer validation, an admin who also runs the
 * catalogue, and a driver who sees only the runs given to them. Demo passwords are
 * for the embedded demo database only.
 */
import { ROLE } from "../../shared/domain/roles";
import { and, eq } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import type { Db } from "../db/client";
import { counties, frequentAddresses, frequentFriends, provinces, users } from "../db/schema";
import { DEMO_ACCOUNTS } from "../auth/published-demo-accounts";

/** The accounts and their published passwords live with the production check that refuses them (auth). */
export { DEMO_ACCOUNTS };

async function countyId(db: Db, province: string, county: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: counties.id })
    .from(counties)
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .where(and(eq(provinces.countryCode, "CO"), eq(provinces.name, province), eq(counties.name, county)));
  return row?.id;
}

export async function seedUsers(db: Db, now: Date) {
  const [customer] = await db
    .insert(users)
    .values({
      email: DEMO_ACCOUNTS.customer.email,
      passwordHash: await hashPassword(DEMO_ACCOUNTS.customer.password),
      firstName: "Valentina",
      lastName: "Restrepo",
      phoneNumber: "573104567890",
      rut: "1020456789",
      gender: "female",
      birthday: "1994-08-21",
      countryCode: "CO",
      localeCode: "es_CO",
      verifiedAt: now,
      role: ROLE.customer,
    })
    .returning({ id: users.id });
  await db.insert(users).values({
    email: DEMO_ACCOUNTS.staff.email,
    passwordHash: await hashPassword(DEMO_ACCOUNTS.staff.password),
    firstName: "Julián",
    lastName: "Castaño",
    phoneNumber: "573201112233",
    gender: "male",
    birthday: "1988-02-03",
    countryCode: "CO",
    localeCode: "es_CO",
    verifiedAt: now,
    role: ROLE.staff,
  });
  await db.insert(users).values({
    email: DEMO_ACCOUNTS.admin.email,
    passwordHash: await hashPassword(DEMO_ACCOUNTS.admin.password),
    firstName: "Mariana",
    lastName: "Ospina",
    phoneNumber: "+573154445566",
    gender: "female",
    birthday: "1985-11-12",
    countryCode: "CO",
    localeCode: "es_CO",
    verifiedAt: now,
    role: ROLE.admin,
  });
  await db.insert(users).values({
    email: DEMO_ACCOUNTS.driver.email,
    passwordHash: await hashPassword(DEMO_ACCOUNTS.driver.password),
    firstName: "Andrés",
    lastName: "Quintero",
    phoneNumber: "+573187778899",
    gender: "male",
    birthday: "1983-06-30",
    countryCode: "CO",
    localeCode: "es_CO",
    verifiedAt: now,
    role: ROLE.driver,
  });

  await db.insert(frequentFriends).values({
    userId: customer!.id,
    fullname: "Santiago Restrepo",
    phone: "912345678",
    email: "santiago.restrepo@example.com",
  });
  const chapinero = await countyId(db, "Bogotá D.C.", "Chapinero");
  const chia = await countyId(db, "Cundinamarca", "Chía");
  const addresses = [
    chapinero && { userId: customer!.id, name: "Calle 63 #9-45, apto 502", countyId: chapinero, myAddress: true },
    chia && { userId: customer!.id, name: "Carrera 9 #11-30, Chía", countyId: chia, myAddress: false },
  ].filter((row): row is Exclude<typeof row, undefined | 0> => Boolean(row));
  if (addresses.length) await db.insert(frequentAddresses).values(addresses);
}
