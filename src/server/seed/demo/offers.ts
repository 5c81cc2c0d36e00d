/**
 * Ticket kinds: each category (shared van, private van, executive coach) and its subcategories, with the
 * passengers and pick-up addresses a ticket covers and the price as a multiple of the event's one-seat base.
 */
import type { CountryCode } from "../../../shared/locales";
import type { Text } from "../text";
import type { CategoryKind } from "./types";

export interface VariantTemplate {
  name: Text;
  description: Text;
  capacity: number;
  stops: number;
  /** Price = event base x factor x province factor, rounded to the country's step. */
  factor: number;
  stock: number;
  /** Fixed pick-up points instead of a typed address (the coach stops at meeting points). */
  fixedPickUp?: boolean;
}

export interface CategoryTemplate {
  name: Text;
  description: Text;
  variants: VariantTemplate[];
}

export const CATEGORY_TEMPLATES: Record<CategoryKind, CategoryTemplate> = {
  shared: {
    name: { es: "Van compartida", en: "Shared van", pt: "Van compartilhada", es_ES: "Furgoneta compartida", es_MX: "Camioneta compartida" },
    description: {
      es: "Compartes la van con otros asistentes que viven cerca de ti. Puerta a puerta, ida y vuelta.",
      en: "You share the van with other guests who live near you. Door to door, there and back.",
      pt: "Você divide a van com outros participantes que moram perto. Porta a porta, ida e volta.",
      es_ES: "Compartes la furgoneta con otros asistentes que viven cerca. Puerta a puerta, ida y vuelta.",
      es_MX: "Compartes la camioneta con otros asistentes que viven cerca de ti. De puerta a puerta, ida y regreso.",
    },
    variants: [
      {
        name: { es: "Puesto individual", en: "Single seat", pt: "Assento individual", es_ES: "Plaza individual", es_MX: "Lugar individual" },
        description: {
          es: "Un pasajero, recogida en una dirección.",
          en: "One passenger, picked up at one address.",
          pt: "Um passageiro, embarque em um endereço.",
        },
        capacity: 1,
        stops: 1,
        factor: 1,
        stock: 40,
      },
      {
        name: { es: "Pareja", en: "Couple", pt: "Casal" },
        description: {
          es: "Dos pasajeros que salen de la misma dirección.",
          en: "Two passengers leaving from the same address.",
          pt: "Dois passageiros saindo do mesmo endereço.",
        },
        capacity: 2,
        stops: 1,
        factor: 1.85,
        stock: 20,
      },
      {
        name: { es: "Grupo de 4", en: "Group of 4", pt: "Grupo de 4" },
        description: {
          es: "Cuatro pasajeros con hasta dos direcciones de recogida.",
          en: "Four passengers with up to two pick-up addresses.",
          pt: "Quatro passageiros com até dois endereços de embarque.",
        },
        capacity: 4,
        stops: 2,
        factor: 3.4,
        stock: 10,
      },
    ],
  },
  private: {
    name: { es: "Van privada", en: "Private van", pt: "Van privativa", es_ES: "Furgoneta privada", es_MX: "Camioneta privada" },
    description: {
      es: "Toda la van para tu grupo, con las paradas que elijas.",
      en: "The whole van for your group, with the stops you choose.",
      pt: "A van inteira para o seu grupo, com as paradas que você escolher.",
      es_ES: "Toda la furgoneta para tu grupo, con las paradas que elijas.",
      es_MX: "Toda la camioneta para tu grupo, con las paradas que elijas.",
    },
    variants: [
      {
        name: { es: "Van hasta 7 personas", en: "Van for up to 7", pt: "Van para até 7 pessoas", es_ES: "Furgoneta hasta 7 personas", es_MX: "Camioneta hasta 7 personas" },
        description: {
          es: "Hasta siete pasajeros y dos direcciones de recogida.",
          en: "Up to seven passengers and two pick-up addresses.",
          pt: "Até sete passageiros e dois endereços de embarque.",
        },
        capacity: 7,
        stops: 2,
        factor: 6,
        stock: 6,
      },
      {
        name: { es: "Van hasta 12 personas", en: "Van for up to 12", pt: "Van para até 12 pessoas", es_ES: "Furgoneta hasta 12 personas", es_MX: "Camioneta hasta 12 personas" },
        description: {
          es: "Hasta doce pasajeros y tres direcciones de recogida.",
          en: "Up to twelve passengers and three pick-up addresses.",
          pt: "Até doze passageiros e três endereços de embarque.",
        },
        capacity: 12,
        stops: 3,
        factor: 9.5,
        stock: 4,
      },
    ],
  },
  bus: {
    name: { es: "Bus ejecutivo", en: "Executive coach", pt: "Ônibus executivo", es_ES: "Autocar ejecutivo", es_MX: "Autobús ejecutivo" },
    description: {
      es: "Sales desde un punto de encuentro fijo y vuelves al mismo punto. La opción más económica.",
      en: "Leave from a fixed meeting point and come back to the same point. The most affordable option.",
      pt: "Saia de um ponto de encontro fixo e volte ao mesmo ponto. A opção mais econômica.",
    },
    variants: [
      {
        name: { es: "Puesto desde punto de encuentro", en: "Seat from a meeting point", pt: "Assento a partir do ponto de encontro", es_ES: "Plaza desde punto de encuentro", es_MX: "Lugar desde punto de encuentro" },
        description: {
          es: "Un pasajero; eliges el punto de encuentro de la lista.",
          en: "One passenger; choose the meeting point from the list.",
          pt: "Um passageiro; escolha o ponto de encontro na lista.",
        },
        capacity: 1,
        stops: 1,
        factor: 0.65,
        stock: 35,
        fixedPickUp: true,
      },
    ],
  },
};

/** Meeting points for the coach, per province (address and county). */
export const MEETING_POINTS: Partial<Record<CountryCode, Record<string, { address: string; county: string }[]>>> = {
  CO: {
    "Bogotá D.C.": [
      { address: "Portal Norte TransMilenio, Autopista Norte # 174-50", county: "Usaquén" },
      { address: "Centro Comercial Andino, Carrera 11 # 82-71", county: "Chapinero" },
      { address: "Portal Américas, Avenida Ciudad de Cali # 42-50 Sur", county: "Kennedy" },
    ],
    Cundinamarca: [
      { address: "Parque principal de Chía, Calle 11 # 10-20", county: "Chía" },
      { address: "Centro Comercial Mercurio, Carrera 7 # 32-35", county: "Soacha" },
      { address: "Estación del tren de Zipaquirá, Carrera 10 # 1-02", county: "Zipaquirá" },
    ],
    Antioquia: [
      { address: "Estación Poblado del Metro, Carrera 43A # 10-02", county: "Medellín" },
      { address: "Centro Comercial Mayorca, Calle 51 Sur # 48-57", county: "Sabaneta" },
      { address: "Parque de Bello, Carrera 50 # 51-02", county: "Bello" },
    ],
    "Valle del Cauca": [
      { address: "Terminal de Transportes de Cali, Calle 30N # 2AN-29", county: "Cali" },
      { address: "Centro Comercial Chipichape, Calle 38N # 6N-35", county: "Cali" },
      { address: "Parque Bolívar de Palmira, Calle 30 # 29-45", county: "Palmira" },
    ],
    Atlántico: [
      { address: "Centro Comercial Buenavista, Calle 98 # 52-115", county: "Barranquilla" },
      { address: "Plaza principal de Soledad, Calle 18 # 20-30", county: "Soledad" },
    ],
    Bolívar: [
      { address: "Centro Comercial Caribe Plaza, Calle 29D # 22-108", county: "Cartagena de Indias" },
      { address: "Parque principal de Turbaco, Calle 17 # 12-40", county: "Turbaco" },
    ],
  },
};

/** Prices are rounded to a step people expect: whole thousands of pesos, 50 cents of a euro. */
export const PRICE_STEP: Record<CountryCode, number> = { CO: 1000, CL: 500, ES: 50, PE: 50, MX: 500 };
