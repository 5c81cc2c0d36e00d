import { defineMessages } from "../define";

/** The staff area's shell: its menu and the refusal a customer meets (each staff screen has its own file). */
export const staffMessages = defineMessages({
  es_CO: {
    "staff.title": "Área de personal",
    "staff.header_entry": "Área de personal",
    "staff.loading": "Cargando el área de personal…",
    "staff.load_error": "No es posible cargar el área de personal",
    "staff.menu.label": "Secciones del área de personal",
    "staff.menu.scanner": "Escanear tickets",
    "staff.menu.transfers": "Transferencias",
    "staff.menu.orders": "Pedidos",
    "staff.menu.manifests": "Recorridos",
    "staff.menu.private_events": "Eventos privados",
  },
  en_US: {
    "staff.title": "Staff area",
    "staff.header_entry": "Staff area",
    "staff.loading": "Loading the staff area…",
    "staff.load_error": "The staff area could not be loaded",
    "staff.menu.label": "Staff area sections",
    "staff.menu.scanner": "Scan tickets",
    "staff.menu.transfers": "Transfers",
    "staff.menu.orders": "Orders",
    "staff.menu.manifests": "Van runs",
    "staff.menu.private_events": "Private events",
  },
  pt_BR: {
    "staff.title": "Área da equipe",
    "staff.header_entry": "Área da equipe",
    "staff.loading": "Carregando a área da equipe…",
    "staff.load_error": "Não foi possível carregar a área da equipe",
    "staff.menu.label": "Seções da área da equipe",
    "staff.menu.scanner": "Escanear ingressos",
    "staff.menu.transfers": "Transferências",
    "staff.menu.orders": "Pedidos",
    "staff.menu.manifests": "Rotas das vans",
    "staff.menu.private_events": "Eventos privados",
  },
});
