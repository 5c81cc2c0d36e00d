/**
 * Provinces and counties per country: Colombian departments with their municipalities (Bogotá D.C. with its
 * twenty localidades, since pick-ups inside the capital are told apart by them), Chilean regions and
 * communes, Spanish provinces and municipalities, Peruvian provinces and districts, Mexican states and
 * municipalities/alcaldías.
 */
import type { CountryCode } from "../../shared/locales";
import type { Db } from "../db/client";
import { counties, provinces } from "../db/schema";
import { centroidOf } from "./county-centroids";

export const PROVINCES: Record<CountryCode, Record<string, string[]>> = {
  CO: {
    "Bogotá D.C.": [
      "Usaquén", "Chapinero", "Santa Fe", "San Cristóbal", "Usme", "Tunjuelito", "Bosa", "Kennedy", "Fontibón",
      "Engativá", "Suba", "Barrios Unidos", "Teusaquillo", "Los Mártires", "Antonio Nariño", "Puente Aranda",
      "La Candelaria", "Rafael Uribe Uribe", "Ciudad Bolívar", "Sumapaz",
    ],
    Antioquia: [
      "Medellín", "Bello", "Itagüí", "Envigado", "Sabaneta", "La Estrella", "Caldas", "Copacabana", "Girardota",
      "Barbosa", "Rionegro", "La Ceja", "Marinilla", "Guarne", "El Retiro", "El Carmen de Viboral", "Guatapé",
      "El Peñol", "Santa Fe de Antioquia",
    ],
    "Valle del Cauca": [
      "Cali", "Palmira", "Jamundí", "Yumbo", "Candelaria", "Buenaventura", "Tuluá", "Guadalajara de Buga",
      "Cartago", "Florida", "Pradera", "Dagua",
    ],
    Atlántico: [
      "Barranquilla", "Soledad", "Malambo", "Puerto Colombia", "Galapa", "Sabanalarga", "Baranoa", "Sabanagrande",
      "Santo Tomás",
    ],
    Cundinamarca: [
      "Soacha", "Chía", "Cajicá", "Zipaquirá", "Mosquera", "Funza", "Madrid", "Facatativá", "Cota", "La Calera",
      "Sopó", "Tocancipá", "Gachancipá", "Tenjo", "Tabio", "Girardot", "Fusagasugá", "Sibaté",
    ],
    Bolívar: ["Cartagena de Indias", "Turbaco", "Arjona", "Santa Rosa", "Magangué", "Mompox"],
    Quindío: ["Armenia", "Montenegro", "Calarcá", "Salento", "Filandia", "Quimbaya", "La Tebaida", "Circasia"],
    Risaralda: ["Pereira", "Dosquebradas", "Santa Rosa de Cabal", "La Virginia"],
    Santander: ["Bucaramanga", "Floridablanca", "Girón", "Piedecuesta", "San Gil", "Barichara"],
  },
  CL: {
    "Región Metropolitana de Santiago": [
      "Santiago", "Providencia", "Las Condes", "Ñuñoa", "Vitacura", "Lo Barnechea", "La Reina", "Macul",
      "La Florida", "Puente Alto", "Maipú", "San Miguel", "Estación Central", "Peñalolén", "Recoleta",
    ],
    "Región de Valparaíso": ["Valparaíso", "Viña del Mar", "Concón", "Quilpué", "Villa Alemana", "Quillota", "San Antonio"],
  },
  ES: {
    Madrid: [
      "Madrid", "Alcobendas", "San Sebastián de los Reyes", "Getafe", "Leganés", "Móstoles", "Alcalá de Henares",
      "Pozuelo de Alarcón", "Las Rozas de Madrid", "Majadahonda", "Fuenlabrada", "Torrejón de Ardoz",
    ],
    Barcelona: [
      "Barcelona", "L'Hospitalet de Llobregat", "Badalona", "Sabadell", "Terrassa", "Sant Cugat del Vallès",
      "Mataró", "Castelldefels", "Cornellà de Llobregat", "Monistrol de Montserrat",
    ],
  },
  PE: {
    Lima: [
      "Miraflores", "San Isidro", "Barranco", "Santiago de Surco", "La Molina", "San Borja", "Lince", "Jesús María",
      "Magdalena del Mar", "Pueblo Libre", "Ate", "Cercado de Lima", "Chorrillos", "San Miguel",
    ],
    Callao: ["Callao", "Bellavista", "La Perla", "La Punta", "Carmen de la Legua-Reynoso", "Ventanilla"],
  },
  MX: {
    "Ciudad de México": [
      "Cuauhtémoc", "Miguel Hidalgo", "Benito Juárez", "Coyoacán", "Álvaro Obregón", "Tlalpan", "Iztapalapa",
      "Gustavo A. Madero", "Azcapotzalco", "Iztacalco", "Venustiano Carranza", "Cuajimalpa de Morelos",
    ],
    "Estado de México": [
      "Naucalpan de Juárez", "Tlalnepantla de Baz", "Ecatepec de Morelos", "Huixquilucan", "Nezahualcóyotl",
      "Atizapán de Zaragoza", "Cuautitlán Izcalli", "Texcoco", "San Juan Teotihuacán", "Toluca",
    ],
  },
};

/** Ids of what was inserted, looked up by name ("Antioquia", "Antioquia/Medellín"). */
export interface GeographyIds {
  province(country: CountryCode, name: string): number;
  county(country: CountryCode, province: string, name: string): number;
}

export async function seedGeography(db: Db): Promise<GeographyIds> {
  const provinceIds = new Map<string, number>();
  const countyIds = new Map<string, number>();
  for (const [country, byProvince] of Object.entries(PROVINCES) as [CountryCode, Record<string, string[]>][]) {
    const names = Object.keys(byProvince);
    const inserted = await db
      .insert(provinces)
      .values(names.map((name) => ({ countryCode: country, name })))
      .returning({ id: provinces.id, name: provinces.name });
    for (const row of inserted) provinceIds.set(`${country}/${row.name}`, row.id);
    const countyRows = names.flatMap((province) =>
      byProvince[province]!.map((name) => ({ provinceId: provinceIds.get(`${country}/${province}`)!, name, province })),
    );
    const insertedCounties = await db
      .insert(counties)
      .values(
        countyRows.map(({ provinceId, name, province }) => {
          const [lat, lon] = centroidOf(country, province, name) ?? [null, null];
          return { provinceId, name, lat, lon };
        }),
      )
      .returning({ id: counties.id, provinceId: counties.provinceId, name: counties.name });
    const provinceName = new Map(names.map((name) => [provinceIds.get(`${country}/${name}`)!, name]));
    for (const row of insertedCounties) countyIds.set(`${country}/${provinceName.get(row.provinceId)}/${row.name}`, row.id);
  }
  const need = (map: Map<string, number>, key: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`Demo data names an unknown place: ${key}`);
    return id;
  };
  return {
    province: (country, name) => need(provinceIds, `${country}/${name}`),
    county: (country, province, name) => need(countyIds, `${country}/${province}/${name}`),
  };
}
