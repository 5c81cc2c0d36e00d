import { defineMessages } from "../define";

/** Whose clock a time is in, said when the reader's own clock reads another time (src/shared/format/event-clock.ts). */
export const clockMessages = defineMessages({
  es_CO: {
    "clock.zone.CO": "hora de Bogotá",
    "clock.zone.CL": "hora de Santiago",
    "clock.zone.ES": "hora de Madrid",
    "clock.zone.PE": "hora de Lima",
    "clock.zone.MX": "hora de Ciudad de México",
    "clock.note": "Horas en {clock}, la del evento.",
  },
  en_US: {
    "clock.zone.CO": "Bogotá time",
    "clock.zone.CL": "Santiago time",
    "clock.zone.ES": "Madrid time",
    "clock.zone.PE": "Lima time",
    "clock.zone.MX": "Mexico City time",
    "clock.note": "Times in {clock}, the event's.",
  },
  pt_BR: {
    "clock.zone.CO": "horário de Bogotá",
    "clock.zone.CL": "horário de Santiago",
    "clock.zone.ES": "horário de Madri",
    "clock.zone.PE": "horário de Lima",
    "clock.zone.MX": "horário da Cidade do México",
    "clock.note": "Horários no {clock}, o do evento.",
  },
});
