import { FieldMappingTarget } from '@pp/contracts';

/**
 * A field name reduced to its letters, lower-cased, accents removed: `Your Name`, `your_name` and
 * `your-name` are all `yourname`; `Teléfono` is `telefono`.
 */
export function normaliseFieldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Common field names (in English and Spanish) and where they go, by their normalised form. */
const COMMON_NAMES: Record<Exclude<FieldMappingTarget, 'additional_info' | 'ignore'>, string[]> = {
  full_name: ['name', 'fullname', 'yourname', 'nombre', 'nombrecompleto', 'sunombre', 'tunombre'],
  first_name: ['firstname', 'fname', 'first', 'givenname', 'primernombre'],
  last_name: ['lastname', 'lname', 'surname', 'familyname', 'last', 'apellido', 'apellidos'],
  email: [
    'email',
    'emailaddress',
    'youremail',
    'mail',
    'correo',
    'correoelectronico',
    'sucorreo',
    'tucorreo',
  ],
  phone: [
    'phone',
    'tel',
    'telephone',
    'mobile',
    'cell',
    'cellphone',
    'mobilephone',
    'phonenumber',
    'yourphone',
    'telefono',
    'celular',
    'movil',
    'numerodetelefono',
  ],
  message: [
    'message',
    'comments',
    'comment',
    'questions',
    'question',
    'inquiry',
    'enquiry',
    'notes',
    'yourmessage',
    'mensaje',
    'comentarios',
    'comentario',
    'preguntas',
    'pregunta',
    'consulta',
  ],
  procedure_interest: [
    'procedure',
    'procedures',
    'service',
    'services',
    'treatment',
    'treatments',
    'interestedin',
    'procedureofinterest',
    'servicio',
    'servicios',
    'tratamiento',
    'procedimiento',
  ],
  location_preference: [
    'location',
    'preferredlocation',
    'office',
    'clinic',
    'preferredoffice',
    'ubicacion',
    'sucursal',
    'clinica',
  ],
  provider_preference: ['provider', 'doctor', 'preferredprovider', 'preferreddoctor', 'medico'],
  preferred_contact_method: [
    'contactmethod',
    'howtocontact',
    'preferredcontactmethod',
    'contactpreference',
    'preferredcontact',
  ],
  preferred_day: ['day', 'preferredday', 'dia', 'diapreferido'],
  preferred_time: [
    'time',
    'preferredtime',
    'besttime',
    'besttimetocall',
    'besttimetocontact',
    'hora',
    'horario',
  ],
};

const BY_NORMALISED_NAME = new Map<string, FieldMappingTarget>(
  Object.entries(COMMON_NAMES).flatMap(([target, names]) =>
    names.map((name) => [name, target as FieldMappingTarget] as const),
  ),
);

/** The target a common field name maps to at discovery; null for anything else (left unmapped for staff). */
export function autoMappingTarget(fieldName: string): FieldMappingTarget | null {
  return BY_NORMALISED_NAME.get(normaliseFieldName(fieldName)) ?? null;
}
