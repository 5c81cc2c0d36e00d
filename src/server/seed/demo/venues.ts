/** Venues of the demo catalogue, keyed for the event list; addresses are the real public ones. */
import type { VenueSeed } from "./types";

export const VENUES: Record<string, VenueSeed> = {
  /* Colombia */
  movistarArena: { country: "CO", name: "Movistar Arena", address: "Diagonal 61C # 26-36, Bogotá", province: "Bogotá D.C.", county: "Teusaquillo" },
  elCampin: {
    country: "CO", name: "Estadio El Campín", address: "Carrera 30 # 57-60, Bogotá", province: "Bogotá D.C.", county: "Teusaquillo",
    translations: { en_US: "El Campín Stadium", pt_BR: "Estádio El Campín" },
  },
  simonBolivar: {
    country: "CO", name: "Parque Simón Bolívar", address: "Calle 63 # 59A-06, Bogotá", province: "Bogotá D.C.", county: "Teusaquillo",
    translations: { en_US: "Simón Bolívar Park" },
  },
  parqueElCountry: {
    country: "CO", name: "Parque El Country", address: "Carrera 11A # 127B-49, Bogotá", province: "Bogotá D.C.", county: "Usaquén",
    translations: { en_US: "El Country Park" },
  },
  corferias: { country: "CO", name: "Corferias", address: "Carrera 37 # 24-67, Bogotá", province: "Bogotá D.C.", county: "Teusaquillo" },
  agora: { country: "CO", name: "Ágora Bogotá", address: "Calle 24 # 38-47, Bogotá", province: "Bogotá D.C.", county: "Teusaquillo" },
  losLagartos: { country: "CO", name: "Club Los Lagartos", address: "Calle 116 # 72A-80, Bogotá", province: "Bogotá D.C.", county: "Suba" },
  tocancipa: {
    country: "CO", name: "Autódromo de Tocancipá", address: "Kilómetro 1 vía Tocancipá - Zipaquirá", province: "Cundinamarca", county: "Tocancipá",
    translations: { en_US: "Tocancipá Racetrack", pt_BR: "Autódromo de Tocancipá" },
  },
  jaimeDuque: {
    country: "CO", name: "Parque Jaime Duque", address: "Kilómetro 34 Autopista Norte, Tocancipá", province: "Cundinamarca", county: "Tocancipá",
    translations: { en_US: "Jaime Duque Park" },
  },
  catedralDeSal: {
    country: "CO", name: "Catedral de Sal de Zipaquirá", address: "Carrera 6 # 1-05, Zipaquirá", province: "Cundinamarca", county: "Zipaquirá",
    translations: { en_US: "Salt Cathedral of Zipaquirá", pt_BR: "Catedral de Sal de Zipaquirá" },
  },
  haciendaFagua: { country: "CO", name: "Hacienda Fagua", address: "Kilómetro 3 vía Chía - Cajicá, vereda Fagua", province: "Cundinamarca", county: "Chía" },
  elNoviciado: { country: "CO", name: "Hacienda El Noviciado", address: "Kilómetro 4 vía Cota - Chía", province: "Cundinamarca", county: "Cota" },
  atanasio: {
    country: "CO", name: "Estadio Atanasio Girardot", address: "Carrera 74 # 48-10, Medellín", province: "Antioquia", county: "Medellín",
    translations: { en_US: "Atanasio Girardot Stadium", pt_BR: "Estádio Atanasio Girardot" },
  },
  coliseoMedellin: { country: "CO", name: "Coliseo Medellín", address: "Calle 48 # 73-10, Medellín", province: "Antioquia", county: "Medellín" },
  plazaMayor: { country: "CO", name: "Plaza Mayor Medellín", address: "Calle 41 # 55-80, Medellín", province: "Antioquia", county: "Medellín" },
  penol: {
    country: "CO", name: "Piedra del Peñol", address: "Vía Guatapé - El Peñol, kilómetro 2", province: "Antioquia", county: "Guatapé",
    translations: { en_US: "El Peñol Rock", pt_BR: "Pedra do Peñol" },
  },
  fincaElRetiro: { country: "CO", name: "Casa Finca Los Guayacanes", address: "Vereda Don Diego, El Retiro", province: "Antioquia", county: "El Retiro" },
  pascualGuerrero: {
    country: "CO", name: "Estadio Olímpico Pascual Guerrero", address: "Calle 5 # 34-00, Cali", province: "Valle del Cauca", county: "Cali",
    translations: { en_US: "Pascual Guerrero Olympic Stadium", pt_BR: "Estádio Olímpico Pascual Guerrero" },
  },
  salsodromo: { country: "CO", name: "Salsódromo de Cali, Autopista Sur Oriental", address: "Autopista Sur Oriental con Carrera 44, Cali", province: "Valle del Cauca", county: "Cali" },
  metropolitano: {
    country: "CO", name: "Estadio Metropolitano Roberto Meléndez", address: "Avenida Circunvalar con Calle 45, Barranquilla", province: "Atlántico", county: "Barranquilla",
    translations: { en_US: "Roberto Meléndez Metropolitan Stadium", pt_BR: "Estádio Metropolitano Roberto Meléndez" },
  },
  via40: { country: "CO", name: "Vía 40, recorrido de la Batalla de Flores", address: "Vía 40 con Calle 72, Barranquilla", province: "Atlántico", county: "Barranquilla" },
  cartagenaConvenciones: {
    country: "CO", name: "Centro de Convenciones Cartagena de Indias", address: "Calle 24 # 8A-344, Getsemaní, Cartagena", province: "Bolívar", county: "Cartagena de Indias",
    translations: { en_US: "Cartagena de Indias Convention Center" },
  },
  playaBlanca: { country: "CO", name: "Playa Blanca, Barú", address: "Isla de Barú, Cartagena", province: "Bolívar", county: "Cartagena de Indias" },
  parqueDelCafe: {
    country: "CO", name: "Parque del Café", address: "Kilómetro 6 vía Montenegro - Pueblo Tapao", province: "Quindío", county: "Montenegro",
    translations: { en_US: "Coffee Park", pt_BR: "Parque do Café" },
  },

  /* Chile */
  parqueOhiggins: { country: "CL", name: "Parque O'Higgins", address: "Avenida Tupper 1501, Santiago", province: "Región Metropolitana de Santiago", county: "Santiago" },
  monumentalCL: { country: "CL", name: "Estadio Monumental David Arellano", address: "Avenida Marathon 5300, Macul", province: "Región Metropolitana de Santiago", county: "Macul" },
  quintaVergara: { country: "CL", name: "Anfiteatro de la Quinta Vergara", address: "Avenida Errázuriz 1249, Viña del Mar", province: "Región de Valparaíso", county: "Viña del Mar" },
  valleNevado: { country: "CL", name: "Valle Nevado", address: "Camino a Farellones s/n, Lo Barnechea", province: "Región Metropolitana de Santiago", county: "Lo Barnechea" },

  /* Spain */
  ifema: { country: "ES", name: "IFEMA Madrid, Valdebebas", address: "Avenida del Partenón 5, Madrid", province: "Madrid", county: "Madrid" },
  metropolitanoMadrid: { country: "ES", name: "Estadio Metropolitano", address: "Avenida de Luis Aragonés 4, Madrid", province: "Madrid", county: "Madrid" },
  parcDelForum: { country: "ES", name: "Parc del Fòrum", address: "Rambla de Prim 2-4, Barcelona", province: "Barcelona", county: "Barcelona" },
  montserrat: { country: "ES", name: "Monasterio de Montserrat", address: "Carretera BP-1121, Montserrat", province: "Barcelona", county: "Monistrol de Montserrat" },

  /* Peru */
  monumentalLima: { country: "PE", name: "Estadio Monumental de Lima", address: "Avenida Javier Prado Este s/n, Ate", province: "Lima", county: "Ate" },
  estadioNacionalLima: { country: "PE", name: "Estadio Nacional del Perú", address: "Calle José Díaz s/n, Cercado de Lima", province: "Lima", county: "Cercado de Lima" },
  parqueExposicion: { country: "PE", name: "Parque de la Exposición", address: "Avenida 28 de Julio s/n, Cercado de Lima", province: "Lima", county: "Cercado de Lima" },

  /* Mexico */
  autodromoMX: { country: "MX", name: "Autódromo Hermanos Rodríguez", address: "Avenida Viaducto Río de la Piedad s/n, Granjas México", province: "Ciudad de México", county: "Iztacalco" },
  estadioAzteca: { country: "MX", name: "Estadio Azteca", address: "Calzada de Tlalpan 3465, Santa Úrsula Coapa", province: "Ciudad de México", county: "Coyoacán" },
  palacioDeportes: { country: "MX", name: "Palacio de los Deportes", address: "Avenida Río Churubusco s/n, Granjas México", province: "Ciudad de México", county: "Iztacalco" },
  teotihuacan: { country: "MX", name: "Zona Arqueológica de Teotihuacán", address: "Carretera Ecatepec - Pirámides km 22.6", province: "Estado de México", county: "San Juan Teotihuacán" },
};
