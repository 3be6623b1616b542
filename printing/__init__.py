"""Every PDF: the print engine, its warm-up, the renders on the task queue, the downloads (web
and API), the campaign report and the print commands. See ``printing.pdf``."""
