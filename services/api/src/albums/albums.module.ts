import { Module } from '@nestjs/common';

// Placeholder: filled in with this feature's controller and services.
@Module({})
export class AlbumsModule {}
