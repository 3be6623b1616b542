"""No models: the module exists so that ``migrate`` sends this app its ``post_migrate``
signal (accounts/apps.py creates the shared cache's table then)."""
