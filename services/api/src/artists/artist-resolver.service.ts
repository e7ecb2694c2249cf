import { Injectable } from '@nestjs/common';
import { artistKey, VARIOUS_ARTISTS, type TagFields } from '@tunafy/contracts';
import mongoose from 'mongoose';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { ArtistsRepository, type ArtistRecord } from '../persistence/artists.repository.js';

/** A name as a file credits it, with what its tags say about it. */
export interface ArtistCredit {
  name: string;
  sortName?: string;
  mbid?: string;
}

/**
 * Finds the artist a tag names, or creates it (docs/artists.md): one artist per artistKey across the instance, so
 * "Björk" uploaded by one person and "bjork " by another are one artist, shown as first spelled. The read model
 * answers the common case (the artist exists) without a database query; creating goes through the unique key, so
 * two replicas creating one artist at once still make one record.
 */
@Injectable()
export class ArtistResolver {
  constructor(
    private readonly artists: ArtistsRepository,
    private readonly catalog: CatalogReadModel,
  ) {}

  /**
   * What a file's tags credit: its artists' ids in tag order and, when it belongs to an album, the album artist it
   * names (docs/artists.md): its album-artist tag, Various Artists for a compilation, else its first artist.
   */
  async resolveFile(tags: TagFields, onAlbum: boolean): Promise<{ creditIds: string[]; albumArtistId: string | undefined }> {
    const creditIds = await this.resolve(creditsOfTags(tags));
    if (!onAlbum) return { creditIds, albumArtistId: undefined };
    if (tags.albumArtist) return { creditIds, albumArtistId: (await this.resolveOne({ name: tags.albumArtist, sortName: tags.albumArtistSort, mbid: tags.albumArtistMbid })).id };
    if (tags.compilation) return { creditIds, albumArtistId: (await this.resolveOne({ name: VARIOUS_ARTISTS })).id };
    return { creditIds, albumArtistId: creditIds[0] };
  }

  /** The artists' ids, in the credits' order. */
  async resolve(credits: readonly ArtistCredit[]): Promise<string[]> {
    const ids: string[] = [];
    for (const credit of credits) ids.push((await this.resolveOne(credit)).id);
    return ids;
  }

  async resolveOne(credit: ArtistCredit): Promise<ArtistRecord> {
    const key = artistKey(credit.name);
    const known = (await this.catalog.current()).artistByKey(key);
    if (known) return this.fillIn(known, credit);
    return this.catalog.underRecordLock(`artist:${key}`, async () => {
      const again = this.catalog.model.artistByKey(key);
      if (again) return again;
      const id = new mongoose.Types.ObjectId().toHexString();
      const fresh: ArtistRecord = { id, name: credit.name, key, ...(credit.sortName ? { sortName: credit.sortName } : {}), ...(credit.mbid ? { mbid: credit.mbid } : {}) };
      const record = (await this.artists.insertIfNew(fresh)) ? fresh : await this.artists.findByKey(key);
      if (!record) throw new Error(`the artist "${credit.name}" was neither stored nor found`);
      await this.catalog.publish([{ kind: 'artist', id: record.id }], (model) => model.putArtist(record));
      return record;
    });
  }

  /** A sort name or MusicBrainz id a later file gives for an artist stored without one. */
  private async fillIn(known: ArtistRecord, credit: ArtistCredit): Promise<ArtistRecord> {
    const sortName = !known.sortName && credit.sortName ? credit.sortName : undefined;
    const mbid = !known.mbid && credit.mbid ? credit.mbid : undefined;
    if (!sortName && !mbid) return known;
    return this.catalog.underRecordLock(`artist:${known.key}`, async () => {
      await this.artists.fillIn(known.id, { sortName, mbid });
      const record = { ...known, ...(sortName ? { sortName } : {}), ...(mbid ? { mbid } : {}) };
      await this.catalog.publish([{ kind: 'artist', id: known.id }], (model) => model.putArtist(record));
      return record;
    });
  }
}

/** The artists a file's tags credit, with the sort name and MusicBrainz id each tag gives. */
export function creditsOfTags(tags: TagFields): ArtistCredit[] {
  return (tags.artists ?? []).map((name, index) => ({
    name,
    ...(index === 0 && tags.artistSort ? { sortName: tags.artistSort } : {}),
    ...(tags.artistMbids?.[index] ? { mbid: tags.artistMbids[index] } : {}),
  }));
}
