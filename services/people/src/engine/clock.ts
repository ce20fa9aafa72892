/** The engine's clock: quiet hours, due times and speed to lead read it, so tests can set the time. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
