import 'reflect-metadata';
import { Body, Controller, Module, Post, UploadedFiles, UseInterceptors, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { LIMITS, MESSAGES } from '@tunafy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllExceptionsFilter } from '../common/all-exceptions.filter.js';
import { firstFile, UploadFiles, type UploadedFileMap } from './upload.interceptor.js';

function summary(body: Record<string, unknown>, files?: UploadedFileMap) {
  return { body: { ...body }, cover: firstFile(files, 'cover')?.size ?? null, song: firstFile(files, 'song')?.size ?? null };
}

@Controller('t')
class UploadProbeController {
  @Post('both')
  @UseInterceptors(UploadFiles([{ name: 'cover', kind: 'image' }, { name: 'song', kind: 'audio' }]))
  both(@Body() body: Record<string, unknown>, @UploadedFiles() files: UploadedFileMap) {
    return summary(body, files);
  }

  @Post('cover')
  @UseInterceptors(UploadFiles([{ name: 'cover', kind: 'image' }]))
  cover(@Body() body: Record<string, unknown>, @UploadedFiles() files: UploadedFileMap) {
    return summary(body, files);
  }

  @Post('text')
  @UseInterceptors(UploadFiles([]))
  text(@Body() body: Record<string, unknown>) {
    return summary(body);
  }
}

@Module({ controllers: [UploadProbeController] })
class UploadProbeModule {}

let app: INestApplication;
let baseUrl: string;

beforeAll(async () => {
  app = await NestFactory.create(UploadProbeModule, { logger: false });
  app.useGlobalFilters(new AllExceptionsFilter());
  await app.listen(0, '127.0.0.1');
  baseUrl = await app.getUrl();
});

afterAll(async () => {
  await app?.close();
});

function form(parts: Record<string, string | [Buffer, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([value[0]]), value[1]);
  }
  return data;
}

async function post(path: string, body: FormData | object) {
  const init: RequestInit =
    body instanceof FormData ? { method: 'POST', body } : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const response = await fetch(baseUrl + path, init);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('UploadFiles', () => {
  it('puts the files and the text fields on the request', async () => {
    const response = await post('/t/both', form({ song_name: 'Tune', cover: [Buffer.alloc(10), 'a.png'], song: [Buffer.alloc(20), 'b.mp3'] }));
    expect(response).toEqual({ status: 201, body: { body: { song_name: 'Tune' }, cover: 10, song: 20 } });
  });

  it('leaves JSON bodies to Nest', async () => {
    expect(await post('/t/both', { song_name: 'Json' })).toEqual({ status: 201, body: { body: { song_name: 'Json' }, cover: null, song: null } });
  });

  it('takes text-only forms on a route without file fields', async () => {
    expect(await post('/t/text', form({ song_id: 'abc' }))).toEqual({ status: 201, body: { body: { song_id: 'abc' }, cover: null, song: null } });
  });

  it('answers 413 with the field and its message when a file exceeds every allowance', async () => {
    const response = await post('/t/both', form({ song: [Buffer.alloc(LIMITS.songBytesMax + 1), 'big.mp3'] }));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { song: MESSAGES.songTooLarge } });
  });

  it('holds a cover-only route to the cover limit', async () => {
    const response = await post('/t/cover', form({ cover: [Buffer.alloc(LIMITS.coverBytesMax + 1), 'big.png'] }));
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { cover: MESSAGES.coverTooLarge } });
  });

  it('refuses unexpected file fields, second files and files on text-only routes', async () => {
    const unexpected = await post('/t/cover', form({ other: [Buffer.alloc(5), 'x.png'] }));
    expect(unexpected).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: { other: 'Unexpected file.' } } });
    const twice = new FormData();
    twice.append('cover', new Blob([Buffer.alloc(5)]), 'a.png');
    twice.append('cover', new Blob([Buffer.alloc(5)]), 'b.png');
    expect(await post('/t/cover', twice)).toMatchObject({ status: 400, body: { errors: { cover: 'Unexpected file.' } } });
    expect(await post('/t/text', form({ cover: [Buffer.alloc(5), 'a.png'] }))).toMatchObject({ status: 400, body: { errors: { cover: 'Unexpected file.' } } });
  });

  it('refuses an oversized text field and a malformed body with 400', async () => {
    const long = await post('/t/text', form({ description: 'x'.repeat(64 * 1024 + 1) }));
    expect(long).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: { description: expect.any(String) } } });
    const broken = await fetch(`${baseUrl}/t/text`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
