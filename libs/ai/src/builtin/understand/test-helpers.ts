import type { InquiryChannel, Understanding } from '../../model';
import { understandInquiry } from './understand';

/** A practice offering a mix of medspa, surgery and dental procedures (catalogue names). */
export const OFFERED = [
  'Neurotoxins',
  'Botox',
  'Dysport',
  'Dermal Fillers',
  'Juvederm',
  'Lip Filler',
  'Cheek Filler',
  'HydraFacial',
  'Chemical Peel',
  'Laser Hair Removal',
  'CoolSculpting',
  'Breast Augmentation',
  'Tummy Tuck',
  'Liposuction',
  'Rhinoplasty',
  'Dental Implants',
  'Veneers',
  'Teeth Whitening',
  'Invisalign',
  'Cleaning & Exam',
  'Pediatric Dentistry',
];

export function read(
  text: string,
  more: { channel?: InquiryChannel; practiceProcedures?: string[]; formFields?: Record<string, string> } = {},
): Understanding {
  return understandInquiry({
    channel: more.channel ?? 'sms',
    text,
    formFields: more.formFields,
    practiceProcedures: more.practiceProcedures ?? OFFERED,
  });
}
