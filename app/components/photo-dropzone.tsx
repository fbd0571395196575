/**
 * The photo drop area of the upload forms (a building's or unit's photos, a maintenance
 * request's; decision 017): Mantine's `Dropzone` taking the photo types and size `~/lib/uploads`
 * allows, several at once. The area itself is not a control (no tab stop, no keyboard
 * activation): the `ChoosePhotosButton` inside it is, for keyboard and screen-reader users; its
 * click reaches the area, which opens the file chooser. The hidden file input gets the caller's
 * accessible name and test id.
 */
import { Button } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhotoPlus } from '@tabler/icons-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { PHOTO_ACCEPT, PHOTO_MAX_FILE_BYTES } from '~/lib/uploads';

type DropzoneProps = {
  /** A class the page hides without JavaScript (a plain file input takes the area's place). */
  className: string;
  onDrop: (files: File[]) => void;
  onReject: (rejections: FileRejection[]) => void;
  /** The file input's accessible name and test id. */
  inputLabel: string;
  inputTestId: string;
  'data-testid'?: string;
  children: ReactNode;
};

/** A drop area for photos (see the module's docstring). */
export function PhotoDropzone({ inputLabel, inputTestId, children, ...props }: DropzoneProps) {
  return (
    <Dropzone
      accept={PHOTO_ACCEPT}
      maxSize={PHOTO_MAX_FILE_BYTES}
      multiple
      tabIndex={-1}
      activateOnKeyboard={false}
      inputProps={{ 'aria-label': inputLabel, 'data-testid': inputTestId } as InputHTMLAttributes<HTMLInputElement>}
      {...props}
    >
      {children}
    </Dropzone>
  );
}

/** The button inside a `PhotoDropzone` (described by the hint `describedBy`), labelled `children`. */
export function ChoosePhotosButton({ describedBy, testId, children }: { describedBy: string; testId?: string; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="default"
      size="xs"
      mt="xs"
      aria-describedby={describedBy}
      leftSection={<IconPhotoPlus size={14} aria-hidden />}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
