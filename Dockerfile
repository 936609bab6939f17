# One image for the API and the workers; the command picks the role.
FROM python:3.11-slim

WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1

COPY requirements.lock .
RUN pip install --no-cache-dir --require-hashes -r requirements.lock

COPY pyproject.toml README.md ./
COPY domain domain
COPY commands commands
COPY projections projections
COPY api api
COPY infra infra
RUN pip install --no-cache-dir --no-deps --no-build-isolation .

EXPOSE 8000
CMD ["cardroom", "serve", "--host", "0.0.0.0", "--port", "8000"]
