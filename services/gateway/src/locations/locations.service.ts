import { Injectable } from '@nestjs/common';
import { LocationChangedV1, LocationDeletedV1, Topics } from '@pp/contracts';
import { assertPracticeAccess, Identity, Outbox } from '@pp/platform';
import { DataSource, EntityManager } from 'typeorm';
import { BusinessHours, defaultBusinessHours, parseBusinessHours } from './business-hours';
import { CreateLocationDto, UpdateLocationDto } from './dto/location.dto';
import { Location } from './location.entity';
import { LocationException, LocationExceptionCode, LocationMessages } from './location.exception';
import { formatLocationPhone, isValidTimezone, NEW_LOCATION_DEFAULTS } from './location-rules';
import { toLocationView } from './location-view';

type Changes = Partial<Omit<Location, 'business_hours'>> & { business_hours?: BusinessHours | null };

/**
 * Locations of a practice. Exactly one is primary: the first location is made primary, making another
 * primary demotes the previous one in the same transaction, and the primary cannot be unset or deleted
 * directly. Every change emits practice.changes through the outbox.
 */
@Injectable()
export class LocationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async list(identity: Identity, practiceId: string) {
    assertPracticeAccess(identity, practiceId);
    const locations = await this.dataSource.getRepository(Location).find({
      where: { practice_id: practiceId },
      order: { is_primary: 'DESC', created_at: 'ASC' },
    });
    return locations.map(toLocationView);
  }

  async create(identity: Identity, practiceId: string, dto: CreateLocationDto) {
    assertPracticeAccess(identity, practiceId);
    const changes = this.validated(dto);
    return this.dataSource.transaction(async (manager) => {
      const siblings = await this.lockLocations(manager, practiceId);
      const location = manager.create(Location, {
        ...NEW_LOCATION_DEFAULTS,
        business_hours: null,
        ...changes,
      });
      location.practice_id = practiceId;
      if (siblings.length === 0) location.is_primary = true;
      // The primary's hours are its own; a secondary without hours inherits them (null).
      if (location.is_primary && !location.business_hours) location.business_hours = defaultBusinessHours();
      if (location.is_primary) await this.demote(manager, siblings);
      const saved = await manager.save(location);
      await this.emit(manager, 'location_created', saved);
      return toLocationView(saved);
    });
  }

  async update(identity: Identity, practiceId: string, locationId: string, dto: UpdateLocationDto) {
    assertPracticeAccess(identity, practiceId);
    const changes = this.validated(dto);
    return this.dataSource.transaction(async (manager) => {
      const siblings = await this.lockLocations(manager, practiceId);
      const location = siblings.find((candidate) => candidate.location_id === locationId);
      if (!location) throw LocationException.notFound();
      if (location.is_primary && changes.is_primary === false) {
        throw new LocationException(
          LocationExceptionCode.PrimaryRequired,
          LocationMessages.primaryCannotBeUnset,
        );
      }
      if (location.is_primary && changes.business_hours === null) {
        throw LocationException.invalid(LocationMessages.primaryNeedsHours);
      }
      const becomesPrimary = changes.is_primary === true && !location.is_primary;
      if (becomesPrimary) {
        await this.demote(manager, siblings);
        location.business_hours ??= this.primaryHours(siblings);
      }
      Object.assign(location, changes);
      const saved = await manager.save(location);
      await this.emit(manager, 'location_updated', saved);
      return toLocationView(saved);
    });
  }

  async remove(identity: Identity, practiceId: string, locationId: string) {
    assertPracticeAccess(identity, practiceId);
    return this.dataSource.transaction(async (manager) => {
      const siblings = await this.lockLocations(manager, practiceId);
      const location = siblings.find((candidate) => candidate.location_id === locationId);
      if (!location) throw LocationException.notFound();
      if (location.is_primary) {
        throw new LocationException(
          LocationExceptionCode.PrimaryRequired,
          LocationMessages.primaryCannotBeDeleted,
        );
      }
      const view = toLocationView(location);
      await manager.delete(Location, { location_id: locationId });
      await this.outbox.add<LocationDeletedV1>(manager, Topics.practiceChanges, {
        type: 'location_deleted',
        practice_id: practiceId,
        location_id: locationId,
      });
      return view;
    });
  }

  /** All locations of the practice, locked: concurrent primary changes serialise here. */
  private lockLocations(manager: EntityManager, practiceId: string): Promise<Location[]> {
    return manager.find(Location, {
      where: { practice_id: practiceId },
      order: { created_at: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
  }

  private async demote(manager: EntityManager, siblings: Location[]): Promise<void> {
    for (const previous of siblings.filter((candidate) => candidate.is_primary)) {
      previous.is_primary = false;
      const saved = await manager.save(previous);
      await this.emit(manager, 'location_updated', saved);
    }
  }

  private primaryHours(siblings: Location[]): BusinessHours {
    return siblings.find((candidate) => candidate.is_primary)?.business_hours ?? defaultBusinessHours();
  }

  private emit(manager: EntityManager, type: LocationChangedV1['type'], location: Location) {
    return this.outbox.add<LocationChangedV1>(manager, Topics.practiceChanges, {
      type,
      practice_id: location.practice_id,
      location: toLocationView(location),
    });
  }

  private validated(dto: CreateLocationDto): Changes {
    const changes: Changes = {};
    for (const field of ['name', 'address'] as const) {
      if (dto[field] === undefined) continue;
      const value = dto[field].trim();
      if (!value)
        throw LocationException.invalid(
          field === 'name' ? LocationMessages.nameRequired : LocationMessages.addressRequired,
        );
      changes[field] = value;
    }
    if (dto.timezone !== undefined) {
      if (!isValidTimezone(dto.timezone)) throw LocationException.invalid(LocationMessages.timezoneInvalid);
      changes.timezone = dto.timezone;
    }
    if (dto.phone !== undefined) {
      const phone = formatLocationPhone(dto.phone);
      if (phone === null) throw LocationException.invalid(LocationMessages.phone);
      changes.phone = phone;
    }
    if (dto.is_primary !== undefined) changes.is_primary = dto.is_primary;
    if (dto.is_active !== undefined) changes.is_active = dto.is_active;
    if (dto.business_hours !== undefined) {
      if (dto.business_hours === null) {
        changes.business_hours = null;
      } else {
        const parsed = parseBusinessHours(dto.business_hours);
        if ('error' in parsed) throw LocationException.invalid(parsed.error);
        changes.business_hours = parsed.hours;
      }
    }
    return changes;
  }
}
