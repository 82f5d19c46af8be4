import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { warmEngine } from './bridge/api';
import { warmCharts } from './charts/warm';
import './styles.css';

createApp(App).use(createPinia()).mount('#app');
void warmEngine(warmCharts);
