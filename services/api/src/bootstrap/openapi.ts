import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

export function setupOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Tunafy API')
      .setDescription(
        'Songs, albums, playlists, likes and media for Tunafy. State-changing calls need the session cookie and an `x-csrf-token` header from `GET /api/auth/csrf`. Every error answers `{statusCode, code, message, errors?}`.',
      )
      .setVersion('1.0.0')
      .addCookieAuth('tunafy.sid')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}
