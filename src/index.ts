export * from 'wm-watermark-codec';
