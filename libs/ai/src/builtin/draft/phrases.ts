import type { Language } from '@pp/contracts';

/**
 * The wording of the built-in drafts, English and Spanish (usted), one function per sentence. Nothing here
 * gives medical advice or names a price: prices come only from pricing.ts, out of the practice's own data.
 */
export interface Phrases {
  and: string;
  yourTreatment: string;
  greetSms(first: string | null, practice: string | null, location?: string | null): string;
  greetEmail(first: string | null): string;
  greetPhone(first: string | null, practice: string, location: string | null): string;
  thanksInterest(procedure: string | null, practice: string): string;
  thanksMessage: string;
  noPrice(procedure: string | null): string;
  promotion(description: string, endsAt: string | null): string;
  freeConsultation: string;
  consultationFee(fee: string): string;
  bookingLink(url: string): string;
  askTime(location: string | null): string;
  consultCta: string;
  callOffer(phone: string | null): string;
  anythingElse: string;
  answerIntro: string;
  noAnswer(phone: string | null): string;
  reschedule: string;
  rescheduleAsk: string;
  cancel: string;
  cancelRebook: string;
  help(phone: string | null): string;
  helpKeyword(practice: string, phone: string | null): string;
  escalationAck: string;
  emergency: string;
  optOutSms(practice: string): string;
  optOutEmail(practice: string): string;
  wrongNumber: string;
  followUp1(procedure: string | null): string;
  followUp2(procedure: string | null): string;
  followUp3(procedure: string | null): string;
  stopNotice: string;
  /** An appointment reminder: when (already written on the location's clock), what and where. */
  reminder(when: string, title: string | null, place: string | null): string;
  reminderChange(phone: string | null): string;
  signOff(practice: string): string;
  subject: {
    pricing(procedure: string | null, practice: string): string;
    booking(procedure: string | null, practice: string): string;
    information(procedure: string | null, practice: string): string;
    reschedule: string;
    cancel: string;
    help(practice: string): string;
    followUp(procedure: string | null, practice: string): string;
    escalation: string;
    optOut: string;
    wrongNumber: string;
    generic(practice: string): string;
    reminder(practice: string): string;
  };
  phoneClose: string;
}

const en: Phrases = {
  and: 'and',
  yourTreatment: 'your treatment',
  greetSms: (first, practice, location) =>
    `Hi ${first ?? 'there'}${practice ? `, this is ${practice}${location ? ` (${location})` : ''}.` : '!'}`,
  greetEmail: (first) => (first ? `Hi ${first},` : 'Hello,'),
  greetPhone: (first, practice, location) =>
    `Hi, may I speak with ${first ?? 'you about your inquiry'}? This is the team at ${practice}${location ? `, ${location}` : ''}.`,
  thanksInterest: (procedure, practice) =>
    procedure ? `Thanks for your interest in ${procedure}!` : `Thanks for reaching out to ${practice}!`,
  thanksMessage: 'Thanks for your message!',
  noPrice: (procedure) =>
    `Pricing for ${procedure ?? 'your treatment'} depends on your treatment plan, so we'll give you an exact quote at your consultation.`,
  promotion: (description, endsAt) => `Right now: ${description}${endsAt ? ` (until ${endsAt})` : ''}.`,
  freeConsultation: 'Your consultation is free.',
  consultationFee: (fee) => fee,
  bookingLink: (url) => `You can book a time here: ${url}`,
  askTime: (location) =>
    `What day and time work best for you${location ? ` at our ${location} office` : ''}?`,
  consultCta: 'Would you like to schedule a consultation?',
  callOffer: (phone) =>
    `We're happy to go over it by phone${phone ? ` at ${phone}` : ''}. Would a quick call work?`,
  anythingElse: 'Anything else we can help with?',
  answerIntro: 'Great question.',
  noAnswer: (phone) =>
    `Great question! Our team will confirm the details for you${phone ? `, or call us at ${phone}` : ''}. Would a quick call work?`,
  reschedule: 'We got your request to reschedule. Our team will confirm a new time with you shortly.',
  rescheduleAsk: 'What days and times work best for you?',
  cancel: 'We got your request to cancel your appointment. Our team will confirm the cancellation shortly.',
  cancelRebook: 'If you would like to rebook later, just reply here.',
  help: (phone) => `We're here to help! Reply with your question${phone ? ` or call us at ${phone}` : ''}.`,
  helpKeyword: (practice, phone) =>
    `${practice}: for help${phone ? ` call ${phone} or` : ''} reply with your question. Reply STOP to opt out.`,
  escalationAck:
    'Thank you for letting us know. A member of our team will contact you personally as soon as possible.',
  emergency: 'If this is an emergency, please call 911.',
  optOutSms: (practice) =>
    `${practice}: you're unsubscribed and won't receive more messages from us. Reply START to resubscribe.`,
  optOutEmail: (practice) =>
    `You're unsubscribed and won't receive more messages from ${practice}. If this was a mistake, just reply to let us know.`,
  wrongNumber: "Sorry for the mix-up! We've removed this number from our list and won't contact it again.",
  followUp1: (procedure) =>
    `Just checking in about ${procedure ?? 'your inquiry'}: do you have any questions we can answer?`,
  followUp2: (procedure) =>
    `Still thinking about ${procedure ?? 'your treatment'}? We're happy to help whenever you're ready.`,
  followUp3: (procedure) =>
    `This is our last check-in about ${procedure ?? 'your inquiry'}. If you'd like to talk, just reply anytime.`,
  stopNotice: 'Reply STOP to opt out.',
  reminder: (when, title, place) =>
    `This is a reminder of your ${title ?? 'appointment'} on ${when}${place ? ` at ${place}` : ''}.`,
  reminderChange: (phone) =>
    `Need to change it? Reply here${phone ? ` or call us at ${phone}` : ''}. See you soon!`,
  signOff: (practice) => `Best regards,\nThe ${practice} team`,
  subject: {
    pricing: (procedure, practice) =>
      procedure ? `${procedure} pricing at ${practice}` : `Pricing at ${practice}`,
    booking: (procedure, practice) =>
      procedure ? `Booking your ${procedure} consultation` : `Booking your visit to ${practice}`,
    information: (procedure) => (procedure ? `Your question about ${procedure}` : 'Your question'),
    reschedule: 'Your appointment change',
    cancel: 'Your cancellation request',
    help: (practice) => `How ${practice} can help`,
    followUp: (procedure, practice) =>
      procedure ? `Following up on ${procedure}` : `Following up from ${practice}`,
    escalation: 'We received your message',
    optOut: 'You have been unsubscribed',
    wrongNumber: 'Sorry for the mix-up',
    generic: (practice) => `A message from ${practice}`,
    reminder: (practice) => `Your appointment at ${practice}`,
  },
  phoneClose: 'Thank you for your time. Have a great day!',
};

const es: Phrases = {
  and: 'y',
  yourTreatment: 'su tratamiento',
  greetSms: (first, practice, location) =>
    practice
      ? `Hola${first ? ` ${first}` : ''}, le saluda ${practice}${location ? ` (${location})` : ''}.`
      : `¡Hola${first ? ` ${first}` : ''}!`,
  greetEmail: (first) => (first ? `Hola ${first}:` : 'Hola:'),
  greetPhone: (first, practice, location) =>
    `Hola, ¿hablo con ${first ?? 'la persona que nos escribió'}? Le llama el equipo de ${practice}${location ? `, ${location}` : ''}.`,
  thanksInterest: (procedure, practice) =>
    procedure ? `¡Gracias por su interés en ${procedure}!` : `¡Gracias por escribir a ${practice}!`,
  thanksMessage: '¡Gracias por su mensaje!',
  noPrice: (procedure) =>
    `El precio de ${procedure ?? 'su tratamiento'} depende de su plan de tratamiento; le daremos un presupuesto exacto en su consulta.`,
  promotion: (description, endsAt) => `Ahora mismo: ${description}${endsAt ? ` (hasta el ${endsAt})` : ''}.`,
  freeConsultation: 'Su consulta es gratuita.',
  consultationFee: (fee) => `Consulta: ${fee}`,
  bookingLink: (url) => `Puede reservar aquí: ${url}`,
  askTime: (location) =>
    `¿Qué día y hora le quedan mejor${location ? ` en nuestra sede de ${location}` : ''}?`,
  consultCta: '¿Le gustaría programar una consulta?',
  callOffer: (phone) =>
    `Con gusto lo revisamos por teléfono${phone ? ` al ${phone}` : ''}. ¿Le viene bien una llamada breve?`,
  anythingElse: '¿Hay algo más en lo que podamos ayudarle?',
  answerIntro: 'Buena pregunta.',
  noAnswer: (phone) =>
    `¡Buena pregunta! Nuestro equipo le confirmará los detalles${phone ? `, o llámenos al ${phone}` : ''}. ¿Le viene bien una llamada breve?`,
  reschedule:
    'Recibimos su solicitud para cambiar su cita. Nuestro equipo le confirmará un nuevo horario en breve.',
  rescheduleAsk: '¿Qué días y horas le quedan mejor?',
  cancel:
    'Recibimos su solicitud para cancelar su cita. Nuestro equipo le confirmará la cancelación en breve.',
  cancelRebook: 'Si desea volver a reservar más adelante, responda a este mensaje.',
  help: (phone) =>
    `¡Estamos para ayudarle! Responda con su pregunta${phone ? ` o llámenos al ${phone}` : ''}.`,
  helpKeyword: (practice, phone) =>
    `${practice}: para ayuda${phone ? ` llame al ${phone} o` : ''} responda con su pregunta. Responda STOP para no recibir más mensajes.`,
  escalationAck:
    'Gracias por avisarnos. Una persona de nuestro equipo se comunicará con usted personalmente lo antes posible.',
  emergency: 'Si es una emergencia, llame al 911.',
  optOutSms: (practice) =>
    `${practice}: ya no recibirá más mensajes nuestros. Responda START para volver a suscribirse.`,
  optOutEmail: (practice) =>
    `Ya no recibirá más mensajes de ${practice}. Si fue un error, responda a este correo para avisarnos.`,
  wrongNumber: '¡Disculpe la confusión! Quitamos este número de nuestra lista y no volveremos a contactarlo.',
  followUp1: (procedure) =>
    `Solo queríamos saber si tiene alguna pregunta sobre ${procedure ?? 'su consulta'}. Con gusto le ayudamos.`,
  followUp2: (procedure) =>
    `¿Sigue pensando en ${procedure ?? 'su tratamiento'}? Estamos para ayudarle cuando usted lo decida.`,
  followUp3: (procedure) =>
    `Este es nuestro último mensaje sobre ${procedure ?? 'su consulta'}. Si desea hablar, responda cuando quiera.`,
  stopNotice: 'Responda STOP para no recibir más mensajes.',
  reminder: (when, title, place) =>
    `Le recordamos su cita${title ? ` (${title})` : ''} el ${when}${place ? ` en ${place}` : ''}.`,
  reminderChange: (phone) =>
    `¿Necesita cambiarla? Responda a este mensaje${phone ? ` o llámenos al ${phone}` : ''}. ¡Le esperamos!`,
  signOff: (practice) => `Saludos cordiales,\nEl equipo de ${practice}`,
  subject: {
    pricing: (procedure, practice) =>
      procedure ? `Precios de ${procedure} en ${practice}` : `Precios en ${practice}`,
    booking: (procedure, practice) => (procedure ? `Su consulta de ${procedure}` : `Su visita a ${practice}`),
    information: (procedure) => (procedure ? `Su pregunta sobre ${procedure}` : 'Su pregunta'),
    reschedule: 'El cambio de su cita',
    cancel: 'Su solicitud de cancelación',
    help: (practice) => `Cómo puede ayudarle ${practice}`,
    followUp: (procedure, practice) =>
      procedure ? `Seguimiento sobre ${procedure}` : `Seguimiento de ${practice}`,
    escalation: 'Recibimos su mensaje',
    optOut: 'Su suscripción fue cancelada',
    wrongNumber: 'Disculpe la confusión',
    generic: (practice) => `Un mensaje de ${practice}`,
    reminder: (practice) => `Su cita en ${practice}`,
  },
  phoneClose: 'Muchas gracias por su tiempo. ¡Que tenga un buen día!',
};

export const PHRASES: Readonly<Record<Language, Phrases>> = { en, es };
