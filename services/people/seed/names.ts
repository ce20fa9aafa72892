/**
 * Name pools for the demo leads: diverse first and last names, and mail domains under the reserved
 * `.example` top-level domain (RFC 2606) so no seeded address can reach a real mailbox.
 */

/** A comma-separated list written as a block of text, so long pools stay readable. */
function list(text: string): readonly string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export const FIRST_NAMES_FEMININE = list(`
  Sofia, Hannah, Priya, Jessica, Maria, Olivia, Aaliyah, Emily, Camila, Mei, Fatima, Chloe, Isabella,
  Zoe, Ava, Leah, Nadia, Yuki, Amara, Gabriela, Rachel, Lauren, Brianna, Jasmine, Ana, Sarah, Megan,
  Tiffany, Natalie, Elena, Imani, Kayla, Ingrid, Daniela, Ashley, Ximena, Aisha, Hye-jin, Linh,
  Valentina, Rebecca, Noor, Keisha, Catherine, Madison, Alejandra, Sienna, Grace, Victoria, Ruth,
  Anjali, Bianca, Monique, Julia, Tamar, Ifeoma, Lucia, Harper, Kendra, Claire
`);

export const FIRST_NAMES_MASCULINE = list(`
  Daniel, Noah, Mateo, James, Ethan, Marcus, Arjun, Wei, Omar, Diego, Tyrone, Liam, Hiroshi, Kwame,
  Luis, Benjamin, Andre, Samuel, Javier, Ryan, Dmitri, Ahmed, Carlos, Nathan, Minh, Isaac, Jamal,
  Patrick, Raj, Tomás, Gregory, Kenji, Malik, Owen, Felipe, Victor, Elijah, Sean, Darius, Michael
`);

/** Without the named leads' last names, so searching "Marquez" or "Raman" finds the named lead. */
export const LAST_NAMES = list(`
  Nguyen, Patel, Johnson, Williams, Garcia, Kim, Chen, Rodriguez, O'Brien, Hernandez, Washington,
  Nakamura, Singh, Adeyemi, Rossi, Müller, Haddad, Goldberg, Lopez, Jackson, Thompson, Park, Ramirez,
  Martinez, Anderson, Cohen,
  Murphy, Diallo, Fernandes, Ivanova, Brooks, Castillo, Yamamoto, Mensah, Sullivan, Reyes, Davis,
  Wright, Novak, Ali, Khan, Foster, Morales, Bennett, Choi, Alvarez, Coleman, Petrov, Hughes, Tran,
  Gupta, Bailey, Flores, Okonkwo, Larsen, Delgado, Sato, Mitchell, Ortiz, Abdullah, Price, Vasquez,
  Hoang, Schmidt, Torres, Greene, Das, Silva, Jenkins, Romero, Kaur, Nowak, Moreau, Sánchez-Vega,
  Van der Berg, McAllister, Ng, Ward, Islam, Russo, Baptiste, Hayes, Ferreira
`);

export const EMAIL_DOMAINS = [
  'mail.example',
  'inbox.example',
  'post.example',
  'webmail.example',
  'letterbox.example',
  'homemail.example',
] as const;

/** Lower-case ASCII for an email local part ("Sánchez-Vega" → "sanchezvega", "O'Brien" → "obrien"). */
export function emailPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}
