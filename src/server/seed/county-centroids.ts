/**
 * Where each demo county lies: the centroid (town centre for municipalities, the district's own centre for
 * Bogotá's localidades, Lima's districts and Mexico City's alcaldías) as public gazetteers (GeoNames, the
 * national statistics offices' lists) give it, rounded to four decimals (about 10 m). Keyed
 * "country/province/county" as the seed names them; editable afterwards in the back office.
 */
import type { CountryCode } from "../../shared/locales";

type Centroids = Record<CountryCode, Record<string, Record<string, readonly [lat: number, lon: number]>>>;

export const COUNTY_CENTROIDS: Centroids = {
  CO: {
    "Bogotá D.C.": {
      Usaquén: [4.7035, -74.0305], Chapinero: [4.6486, -74.0628], "Santa Fe": [4.6105, -74.0665],
      "San Cristóbal": [4.5723, -74.0838], Usme: [4.4795, -74.1264], Tunjuelito: [4.5762, -74.1355],
      Bosa: [4.6186, -74.1902], Kennedy: [4.6305, -74.1509], Fontibón: [4.6783, -74.1411],
      Engativá: [4.7069, -74.1141], Suba: [4.7413, -74.0837], "Barrios Unidos": [4.6686, -74.0769],
      Teusaquillo: [4.6446, -74.0899], "Los Mártires": [4.6043, -74.0906], "Antonio Nariño": [4.5878, -74.1027],
      "Puente Aranda": [4.6162, -74.1172], "La Candelaria": [4.5967, -74.0722], "Rafael Uribe Uribe": [4.5746, -74.1178],
      "Ciudad Bolívar": [4.5440, -74.1479], Sumapaz: [4.1678, -74.2264],
    },
    Antioquia: {
      Medellín: [6.2442, -75.5812], Bello: [6.3373, -75.5580], Itagüí: [6.1846, -75.5991], Envigado: [6.1759, -75.5917],
      Sabaneta: [6.1515, -75.6166], "La Estrella": [6.1578, -75.6434], Caldas: [6.0911, -75.6357], Copacabana: [6.3463, -75.5089],
      Girardota: [6.3773, -75.4448], Barbosa: [6.4386, -75.3311], Rionegro: [6.1551, -75.3737], "La Ceja": [6.0318, -75.4301],
      Marinilla: [6.1737, -75.3363], Guarne: [6.2802, -75.4435], "El Retiro": [6.0619, -75.5021],
      "El Carmen de Viboral": [6.0828, -75.3349], Guatapé: [6.2325, -75.1583], "El Peñol": [6.2192, -75.2427],
      "Santa Fe de Antioquia": [6.5566, -75.8281],
    },
    "Valle del Cauca": {
      Cali: [3.4516, -76.5320], Palmira: [3.5394, -76.3036], Jamundí: [3.2610, -76.5399], Yumbo: [3.5850, -76.4956],
      Candelaria: [3.4075, -76.3483], Buenaventura: [3.8801, -77.0312], Tuluá: [4.0847, -76.1954],
      "Guadalajara de Buga": [3.9010, -76.2978], Cartago: [4.7464, -75.9117], Florida: [3.3230, -76.2349],
      Pradera: [3.4193, -76.2425], Dagua: [3.6567, -76.6886],
    },
    Atlántico: {
      Barranquilla: [10.9685, -74.7813], Soledad: [10.9184, -74.7646], Malambo: [10.8597, -74.7739],
      "Puerto Colombia": [10.9878, -74.9547], Galapa: [10.8961, -74.8862], Sabanalarga: [10.6318, -74.9216],
      Baranoa: [10.7944, -74.9160], Sabanagrande: [10.7913, -74.7571], "Santo Tomás": [10.7585, -74.7541],
    },
    Cundinamarca: {
      Soacha: [4.5794, -74.2168], Chía: [4.8619, -74.0325], Cajicá: [4.9186, -74.0277], Zipaquirá: [5.0221, -74.0048],
      Mosquera: [4.7059, -74.2302], Funza: [4.7163, -74.2118], Madrid: [4.7324, -74.2642], Facatativá: [4.8136, -74.3545],
      Cota: [4.8095, -74.1030], "La Calera": [4.7208, -73.9686], Sopó: [4.9077, -73.9384], Tocancipá: [4.9653, -73.9133],
      Gachancipá: [4.9915, -73.8729], Tenjo: [4.8721, -74.1447], Tabio: [4.9165, -74.0985], Girardot: [4.3032, -74.8031],
      Fusagasugá: [4.3369, -74.3638], Sibaté: [4.4907, -74.2598],
    },
    Bolívar: {
      "Cartagena de Indias": [10.3910, -75.4794], Turbaco: [10.3319, -75.4142], Arjona: [10.2546, -75.3444],
      "Santa Rosa": [10.4444, -75.3686], Magangué: [9.2415, -74.7547], Mompox: [9.2417, -74.4264],
    },
    Quindío: {
      Armenia: [4.5339, -75.6811], Montenegro: [4.5661, -75.7511], Calarcá: [4.5296, -75.6436], Salento: [4.6373, -75.5703],
      Filandia: [4.6746, -75.6583], Quimbaya: [4.6233, -75.7627], "La Tebaida": [4.4522, -75.7874], Circasia: [4.6187, -75.6357],
    },
    Risaralda: {
      Pereira: [4.8133, -75.6961], Dosquebradas: [4.8391, -75.6673], "Santa Rosa de Cabal": [4.8680, -75.6214],
      "La Virginia": [4.8997, -75.8823],
    },
    Santander: {
      Bucaramanga: [7.1193, -73.1227], Floridablanca: [7.0622, -73.0864], Girón: [7.0682, -73.1698],
      Piedecuesta: [6.9880, -73.0497], "San Gil": [6.5554, -73.1335], Barichara: [6.6345, -73.2230],
    },
  },
  CL: {
    "Región Metropolitana de Santiago": {
      Santiago: [-33.4378, -70.6504], Providencia: [-33.4314, -70.6093], "Las Condes": [-33.4080, -70.5670],
      Ñuñoa: [-33.4569, -70.5976], Vitacura: [-33.3900, -70.5728], "Lo Barnechea": [-33.3500, -70.5167],
      "La Reina": [-33.4453, -70.5347], Macul: [-33.4891, -70.5992], "La Florida": [-33.5227, -70.5985],
      "Puente Alto": [-33.6117, -70.5758], Maipú: [-33.5110, -70.7580], "San Miguel": [-33.4970, -70.6510],
      "Estación Central": [-33.4588, -70.6990], Peñalolén: [-33.4862, -70.5442], Recoleta: [-33.4063, -70.6417],
    },
    "Región de Valparaíso": {
      Valparaíso: [-33.0472, -71.6127], "Viña del Mar": [-33.0245, -71.5518], Concón: [-32.9230, -71.5184],
      Quilpué: [-33.0478, -71.4427], "Villa Alemana": [-33.0422, -71.3733], Quillota: [-32.8797, -71.2473],
      "San Antonio": [-33.5933, -71.6217],
    },
  },
  ES: {
    Madrid: {
      Madrid: [40.4168, -3.7038], Alcobendas: [40.5475, -3.6420], "San Sebastián de los Reyes": [40.5474, -3.6261],
      Getafe: [40.3083, -3.7327], Leganés: [40.3272, -3.7635], Móstoles: [40.3223, -3.8649],
      "Alcalá de Henares": [40.4820, -3.3635], "Pozuelo de Alarcón": [40.4351, -3.8136],
      "Las Rozas de Madrid": [40.4929, -3.8737], Majadahonda: [40.4731, -3.8719], Fuenlabrada: [40.2842, -3.7942],
      "Torrejón de Ardoz": [40.4554, -3.4697],
    },
    Barcelona: {
      Barcelona: [41.3874, 2.1686], "L'Hospitalet de Llobregat": [41.3596, 2.0997], Badalona: [41.4500, 2.2474],
      Sabadell: [41.5433, 2.1094], Terrassa: [41.5610, 2.0089], "Sant Cugat del Vallès": [41.4722, 2.0864],
      Mataró: [41.5381, 2.4445], Castelldefels: [41.2804, 1.9769], "Cornellà de Llobregat": [41.3550, 2.0700],
      "Monistrol de Montserrat": [41.6106, 1.8441],
    },
  },
  PE: {
    Lima: {
      Miraflores: [-12.1211, -77.0297], "San Isidro": [-12.0977, -77.0365], Barranco: [-12.1497, -77.0219],
      "Santiago de Surco": [-12.1354, -76.9950], "La Molina": [-12.0867, -76.9355], "San Borja": [-12.1016, -76.9991],
      Lince: [-12.0843, -77.0353], "Jesús María": [-12.0750, -77.0475], "Magdalena del Mar": [-12.0936, -77.0697],
      "Pueblo Libre": [-12.0766, -77.0647], Ate: [-12.0258, -76.9207], "Cercado de Lima": [-12.0464, -77.0428],
      Chorrillos: [-12.1690, -77.0241], "San Miguel": [-12.0777, -77.0916],
    },
    Callao: {
      Callao: [-12.0566, -77.1181], Bellavista: [-12.0617, -77.1075], "La Perla": [-12.0686, -77.1186],
      "La Punta": [-12.0722, -77.1628], "Carmen de la Legua-Reynoso": [-12.0436, -77.0928], Ventanilla: [-11.8752, -77.1263],
    },
  },
  MX: {
    "Ciudad de México": {
      Cuauhtémoc: [19.4326, -99.1467], "Miguel Hidalgo": [19.4265, -99.1910], "Benito Juárez": [19.3720, -99.1563],
      Coyoacán: [19.3467, -99.1617], "Álvaro Obregón": [19.3590, -99.2035], Tlalpan: [19.2944, -99.1676],
      Iztapalapa: [19.3554, -99.0622], "Gustavo A. Madero": [19.4845, -99.1133], Azcapotzalco: [19.4869, -99.1838],
      Iztacalco: [19.3957, -99.0976], "Venustiano Carranza": [19.4300, -99.1000], "Cuajimalpa de Morelos": [19.3575, -99.2994],
    },
    "Estado de México": {
      "Naucalpan de Juárez": [19.4785, -99.2396], "Tlalnepantla de Baz": [19.5403, -99.1951],
      "Ecatepec de Morelos": [19.6012, -99.0502], Huixquilucan: [19.3600, -99.3503], Nezahualcóyotl: [19.4006, -99.0148],
      "Atizapán de Zaragoza": [19.5580, -99.2510], "Cuautitlán Izcalli": [19.6469, -99.2466], Texcoco: [19.5122, -98.8827],
      "San Juan Teotihuacán": [19.6852, -98.8729], Toluca: [19.2826, -99.6557],
    },
  },
};

export function centroidOf(country: CountryCode, province: string, county: string): readonly [number, number] | undefined {
  return COUNTY_CENTROIDS[country]?.[province]?.[county];
}
