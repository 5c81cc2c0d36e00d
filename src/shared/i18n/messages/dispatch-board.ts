import { defineMessages } from "../define";

/**
 * What the dispatcher sees is now: the refusals that keep a plan true to the day (a passenger aboard is not moved,
 * a day gone is not published, a moved date is planned again, a shift keeps the return after the show and the
 * outbound), and the board's warnings (runs nobody drives, a plan to compute again).
 */
export const dispatchBoardMessages = defineMessages({
  es_CO: {
    "errors.dispatch_passenger_boarded": "{name} ya subió al vehículo en este trayecto: no se puede mover a otro recorrido",
    "errors.dispatch_date_past": "Los recorridos de este trayecto ya terminaron: sus horarios no se pueden publicar",
    "errors.dispatch_replan_needed": "{reason, select, date_moved {La fecha del evento cambió} other {La hora de fin del evento cambió}}: calcula el plan de nuevo antes de publicarlo",
    "errors.dispatch_shift_out_of_bounds": "El corrimiento total de este trayecto debe quedar entre {min} y {max} min: el regreso no sale antes del fin del evento (menos {margin} min) ni antes de que llegue la ida",
    "dispatch.unassigned.driver": "Sin conductor: {runs}",
    "dispatch.publish.unassigned_ask": "Estos recorridos no tienen conductor o vehículo: {runs}. Sus pasajeros recibirán un horario que nadie tiene asignado para cumplir. ¿Publicar de todos modos?",
    "dispatch.publish.anyway": "Publicar de todos modos",
    "dispatch.unassigned.vehicle": "Sin vehículo: {runs}",
    "dispatch.waiting.needs_driver": "Abrimos un recorrido nuevo sin conductor: asígnale uno y publica; aún no avisamos a nadie",
    "dispatch.replan.date_moved": "La fecha del evento cambió: calcula el plan de nuevo antes de publicarlo.",
    "dispatch.replan.end_changed": "La hora de fin del evento cambió: calcula el plan de nuevo antes de publicarlo.",
  },
  en_US: {
    "errors.dispatch_passenger_boarded": "{name} is already aboard on this leg: they cannot be moved to another run",
    "errors.dispatch_date_past": "This leg's runs are over: its times cannot be published",
    "errors.dispatch_replan_needed": "{reason, select, date_moved {The event's date changed} other {The event's end time changed}}: compute the plan again before publishing it",
    "errors.dispatch_shift_out_of_bounds": "This leg's total shift must stay between {min} and {max} min: the return never leaves before the event ends (less {margin} min) nor before the outbound arrives",
    "dispatch.unassigned.driver": "No driver: {runs}",
    "dispatch.publish.unassigned_ask": "These runs have no driver or no vehicle: {runs}. Their passengers will be told a time nobody is assigned to keep. Publish anyway?",
    "dispatch.publish.anyway": "Publish anyway",
    "dispatch.unassigned.vehicle": "No vehicle: {runs}",
    "dispatch.waiting.needs_driver": "We opened a new run with no driver: give it one and publish; nobody has been told yet",
    "dispatch.replan.date_moved": "The event's date changed: compute the plan again before publishing it.",
    "dispatch.replan.end_changed": "The event's end time changed: compute the plan again before publishing it.",
  },
  pt_BR: {
    "errors.dispatch_passenger_boarded": "{name} já embarcou neste trecho: não pode ser movido para outro percurso",
    "errors.dispatch_date_past": "Os percursos deste trecho já terminaram: seus horários não podem ser publicados",
    "errors.dispatch_replan_needed": "{reason, select, date_moved {A data do evento mudou} other {O horário de término do evento mudou}}: calcule o plano de novo antes de publicá-lo",
    "errors.dispatch_shift_out_of_bounds": "O deslocamento total deste trecho deve ficar entre {min} e {max} min: a volta não sai antes do fim do evento (menos {margin} min) nem antes de a ida chegar",
    "dispatch.unassigned.driver": "Sem motorista: {runs}",
    "dispatch.publish.unassigned_ask": "Estes percursos não têm motorista ou veículo: {runs}. Seus passageiros receberão um horário que ninguém está designado a cumprir. Publicar mesmo assim?",
    "dispatch.publish.anyway": "Publicar mesmo assim",
    "dispatch.unassigned.vehicle": "Sem veículo: {runs}",
    "dispatch.waiting.needs_driver": "Abrimos um percurso novo sem motorista: atribua um e publique; ainda não avisamos ninguém",
    "dispatch.replan.date_moved": "A data do evento mudou: calcule o plano de novo antes de publicá-lo.",
    "dispatch.replan.end_changed": "O horário de término do evento mudou: calcule o plano de novo antes de publicá-lo.",
  },
  es_ES: {
    "errors.dispatch_passenger_boarded": "{name} ya ha subido al vehículo en este trayecto: no se puede mover a otro recorrido",
    "dispatch.waiting.needs_driver": "Hemos abierto un recorrido nuevo sin conductor: asígnale uno y publica; aún no hemos avisado a nadie",
  },
});
