import { Injectable } from '@nestjs/common';
import { PracticeOnboardedV1, Topics } from '@pp/contracts';
import { Outbox } from '@pp/platform';
import { decodeJwt } from 'jose';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DataSource } from 'typeorm';
import { AccessTokens } from '../auth/access-tokens';
import { hashPassword } from '../auth/passwords';
import { Sessions } from '../auth/sessions';
import { defaultBusinessHours } from '../locations/business-hours';
import { NEW_LOCATION_DEFAULTS } from '../locations/location-rules';
import { publishPracticeSnapshots } from '../practices/practice-snapshot';
import { DemoPractice, DemoPracticeClient } from './demo-practice.client';
import { passwordProblem } from './password-rules';
import { SignupDto } from './signup.dto';
import { SignupException, SignupExceptionCode, SignupMessages } from './signup.exception';
import { SignupLimiter } from './signup-limiter';

export interface SignupResult {
  access_token: string;
  token_type: 'bearer';
  practice_id: string;
}

const G = '"gateway"';

/**
 * Sign-up (docs/product/onboarding.md#sign-up): a new user with a new practice of their own, its primary location
 * and their membership, in one transaction; from a public demo, the practice is the demo's website (its address,
 * phone, time zone and hours on the location) and the knowledge service is told to read the demo's pages and offer
 * the procedures it found. The user is signed in at once.
 */
@Injectable()
export class SignupService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly tokens: AccessTokens,
    private readonly sessions: Sessions,
    private readonly limiter: SignupLimiter,
    private readonly demos: DemoPracticeClient,
  ) {}

  async register(dto: SignupDto, ip: string): Promise<SignupResult> {
    const email = dto.email.trim().toLowerCase();
    const problem = passwordProblem(dto.password, email);
    if (problem) throw new SignupException(SignupExceptionCode.Invalid, problem);
    await this.limiter.attempt(ip);
    const demo = dto.demo_session_id ? await this.demos.practice(dto.demo_session_id.toLowerCase()) : null;
    const passwordHash = await hashPassword(dto.password);

    const { userId, practiceId } = await this.dataSource.transaction(async (manager) => {
      const [user]: { id: string }[] = await manager.query(
        `INSERT INTO ${G}."users" ("email", "password_hash", "first_name", "last_name")
         VALUES ($1, $2, $3, $4) ON CONFLICT ("email") DO NOTHING RETURNING "id"`,
        [email, passwordHash, dto.first_name.trim(), dto.last_name.trim()],
      );
      if (!user) throw new SignupException(SignupExceptionCode.EmailTaken, SignupMessages.emailTaken);
      const [practice]: { practice_id: string }[] = await manager.query(
        `INSERT INTO ${G}."practices" ("name", "website_url", "demo_session_id") VALUES ($1, $2, $3)
         ON CONFLICT ("demo_session_id") DO NOTHING RETURNING "practice_id"`,
        [dto.practice_name.trim(), demo?.website_url ?? null, demo?.demo_session_id ?? null],
      );
      if (!practice) throw new SignupException(SignupExceptionCode.DemoTaken, SignupMessages.demoTaken);
      await manager.query(`INSERT INTO ${G}."memberships" ("user_id", "practice_id") VALUES ($1, $2)`, [
        user.id,
        practice.practice_id,
      ]);
      await manager.query(
        `INSERT INTO ${G}."locations"
           ("practice_id", "name", "address", "timezone", "phone", "is_primary", "business_hours")
         VALUES ($1, $2, $3, $4, $5, true, $6)`,
        [practice.practice_id, dto.practice_name.trim(), ...primaryLocation(demo)],
      );
      // Every service learns the practice and its location; knowledge then reads the demo's pages.
      await publishPracticeSnapshots(manager, this.outbox, [practice.practice_id]);
      if (demo) {
        await this.outbox.add<PracticeOnboardedV1>(manager, Topics.practiceChanges, {
          type: 'practice_onboarded',
          practice_id: practice.practice_id,
          demo_session_id: demo.demo_session_id,
          website_url: demo.website_url,
          page_urls: demo.page_urls,
          procedure_keys: demo.procedure_keys,
        });
      }
      return { userId: user.id, practiceId: practice.practice_id };
    });

    const accessToken = await this.tokens.issue(userId);
    await this.sessions.start(decodeJwt(accessToken).jti as string);
    return { access_token: accessToken, token_type: 'bearer', practice_id: practiceId };
  }
}

/** The primary location's address, time zone, phone and hours: the demo's where it found them, else the defaults. */
function primaryLocation(demo: DemoPractice | null): [string, string, string, string] {
  const phone = demo?.phone_number ? parsePhoneNumberFromString(demo.phone_number, 'US') : undefined;
  return [
    demo?.address ?? NEW_LOCATION_DEFAULTS.address,
    demo?.time_zone ?? NEW_LOCATION_DEFAULTS.timezone,
    phone?.isValid() ? phone.formatNational() : '',
    JSON.stringify(demo?.business_hours ?? defaultBusinessHours()),
  ];
}
